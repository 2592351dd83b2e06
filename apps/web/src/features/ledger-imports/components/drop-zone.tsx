// A place to drop files that is also a file picker (Mantine core has no dropzone). The control is a real
// <input type="file" multiple> inside its label: a click anywhere on the zone opens the picker, Tab reaches the input
// and Enter or Space opens it, and screen readers announce it as the file upload it is, named by the zone's text.
// Dragging files over the zone is only a faster way to do the same.
import { Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './ledger-imports.module.css';

type DropZoneProps = {
  /** The extensions the picker offers (`.csv`, …); what is dropped is checked by the caller. */
  accept: readonly string[];
  disabled?: boolean;
  onFiles: (files: File[]) => void;
};

export function DropZone({ accept, disabled, onFiles }: DropZoneProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave fire for each child the pointer crosses: count them to know when it left the zone.
  const depth = useRef(0);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // Cleared, so that choosing the same file again (after removing it) is a change too.
    event.currentTarget.value = '';
    if (files.length > 0) onFiles(files);
  };

  const handleDragEnter = (event: DragEvent<HTMLLabelElement>) => {
    if (!hasFiles(event) || disabled) return;
    event.preventDefault();
    depth.current++;
    setDragging(true);
  };

  const handleDragOver = (event: DragEvent<HTMLLabelElement>) => {
    if (!hasFiles(event)) return;
    // Without this the browser would open the file instead of dropping it here.
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
  };

  const handleDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };

  const handleDrop = (event: DragEvent<HTMLLabelElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <label
      className={classes.dropZone}
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      data-testid="imports-drop-zone"
      onDragEnter={handleDragEnter}
      onDragOver={handleDragOver}
      onDragLeave={handleDragLeave}
      onDrop={handleDrop}
    >
      <input
        type="file"
        multiple
        accept={accept.join(',')}
        className={classes.fileInput}
        onChange={handleChange}
        disabled={disabled}
        // Named by the zone's call to action only: the accepted types are its description, said once.
        aria-labelledby={titleId}
        aria-describedby={hintId}
      />
      <IconUpload size={32} aria-hidden="true" />
      <Text fw={600} id={titleId}>
        {t('imports.page.drop.title')} <span className={classes.chooseText}>{t('imports.page.drop.choose')}</span>
      </Text>
      <Text size="sm" id={hintId}>
        {t('imports.page.drop.accepted', { extensions: accept.join(', ') })}
      </Text>
    </label>
  );
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
