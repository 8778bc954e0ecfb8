import { useRef } from 'react';
import { Button } from './button';

/**
 * "Choose files…" of a drop zone: a button that opens the system's file picker (a hidden file
 * input). The picked files are handed over as a copy before the input is reset, so picking the
 * same file again is seen as a new choice.
 */
export function ChooseFiles(props: { label: string; testId: string; disabled?: boolean; onFiles: (files: File[]) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="primary" disabled={props.disabled} onClick={() => ref.current?.click()}>
        {props.label}
      </Button>
      <input
        ref={ref}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid={props.testId}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          props.onFiles(files);
        }}
      />
    </>
  );
}
