import { Alert, Button, Checkbox, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type MethodFormFooterProps = {
  showSaveOnFile: boolean;
  saveOnFile: boolean;
  onSaveOnFileChange: (checked: boolean) => void;
  showMakeDefault: boolean;
  makeDefault: boolean;
  onMakeDefaultChange: (checked: boolean) => void;
  frameError: string | undefined;
  busy: boolean;
  saveDisabled: boolean;
  onCancel: () => void;
};

/** The end of the card and e-check forms: save-on-file, default, the frame's error, Cancel and Save. */
export function MethodFormFooter(props: MethodFormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {/* spec §4: the save-on-file box is hidden when always-save is on or when editing. */}
      {props.showSaveOnFile && (
        <Checkbox
          label={t('payment-methods.form.save_on_file')}
          checked={props.saveOnFile}
          onChange={(e) => props.onSaveOnFileChange(e.currentTarget.checked)}
        />
      )}
      {/* spec §4: 'Set as default' shows only when save on file is set. */}
      {props.showMakeDefault && (
        <Checkbox
          label={t('payment-methods.form.make_default')}
          checked={props.makeDefault}
          onChange={(e) => props.onMakeDefaultChange(e.currentTarget.checked)}
        />
      )}
      {props.frameError && (
        <Alert color="red" role="alert">
          {props.frameError}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={props.onCancel} disabled={props.busy}>
          {t('payment-methods.form.cancel')}
        </Button>
        <Button type="submit" loading={props.busy} disabled={props.saveDisabled}>
          {t('payment-methods.form.save')}
        </Button>
      </Group>
    </>
  );
}
