// The payment provider's hosted frame (card number and CVV, or the bank account number). The portal never sees
// what is typed in it: it talks to the frame by postMessage, with the frame's origin only, and gets back
// "tokenized", "invalid" or "failed"; the token is then fetched by the server (tokenization response).
import { Box, Loader } from '@mantine/core';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';

export type FrameResult =
  { type: 'tokenized' } | { type: 'invalid'; errors: Record<string, string> } | { type: 'failed' };

export type HostedFrameHandle = { submit: (data: Record<string, string>) => Promise<FrameResult> };

const FRAME_ANSWER_TIMEOUT_MS = 20_000;

export function HostedFrame({
  src,
  title,
  height,
  ref,
}: {
  src: string;
  title: string;
  height: number;
  ref: Ref<HostedFrameHandle>;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef<((result: FrameResult) => void) | null>(null);
  const [ready, setReady] = useState(false);
  const origin = new URL(src, window.location.href).origin;

  useEffect(() => {
    function handleMessage(event: MessageEvent) {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { source?: string; type?: string; errors?: Record<string, string> } | null;
      if (data?.source !== 'sandbox-gateway') return;
      if (data.type === 'ready') setReady(true);
      else if (data.type === 'tokenized' || data.type === 'failed') pending.current?.({ type: data.type });
      else if (data.type === 'invalid') pending.current?.({ type: 'invalid', errors: data.errors ?? {} });
      else return;
      if (data.type !== 'ready') pending.current = null;
    }
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [origin]);

  useImperativeHandle(
    ref,
    () => ({
      submit: (data) =>
        new Promise<FrameResult>((resolve) => {
          pending.current = resolve;
          frame.current?.contentWindow?.postMessage({ type: 'submit', ...data }, origin);
          setTimeout(() => {
            if (pending.current !== resolve) return;
            pending.current = null;
            resolve({ type: 'failed' });
          }, FRAME_ANSWER_TIMEOUT_MS);
        }),
    }),
    [origin],
  );

  return (
    <Box pos="relative">
      {!ready && <Loader size="sm" pos="absolute" top={8} right={8} aria-hidden />}
      <iframe
        ref={frame}
        src={src}
        title={title}
        style={{ width: '100%', height, border: 0, display: 'block' }}
        data-testid="hosted-frame"
      />
    </Box>
  );
}
