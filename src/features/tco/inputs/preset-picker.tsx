import { useState } from 'react';
import { Button } from '../../../components/button';
import { useT } from '../../../components/use-t';
import { PRESET_IDS, type PresetId } from '../../../core/presets/presets';
import { inputsMessages } from './inputs-messages';

/**
 * Load a scenario preset of a source article; the previous scenario can be restored once. The
 * menu names an article only once one is chosen: it never reads as if an article were loaded
 * while another scenario is. `loaded` is the preset the page shows now, if any.
 */
export function PresetPicker(props: { onLoad: (id: PresetId) => void; onUndo: (() => void) | null; loaded: PresetId | null; error: string | null }) {
  const inT = useT(inputsMessages);
  const { onLoad, onUndo, loaded, error } = props;
  const [choice, setChoice] = useState<PresetId | ''>('');
  return (
    <div className="flex min-w-0 max-w-full flex-wrap items-end gap-2" data-testid="tco-presets">
      <label className="flex w-full min-w-0 flex-col gap-1 text-sm sm:w-auto sm:max-w-[34rem]">
        <span className="font-medium">{inT('presets.label')}</span>
        <select
          value={choice}
          onChange={(e) => setChoice(e.target.value as PresetId | '')}
          className="w-full min-w-0 rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
          data-testid="tco-preset-select"
        >
          <option value="" disabled>
            {inT('presets.choose')}
          </option>
          {PRESET_IDS.map((id) => (
            <option key={id} value={id}>
              {inT(`preset.${id}`)}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="primary"
        disabled={choice === ''}
        onClick={() => {
          if (choice === '') return;
          onLoad(choice);
          setChoice('');
        }}
        data-testid="tco-preset-load"
      >
        {inT('presets.load')}
      </Button>
      {loaded ? (
        <p role="status" className="text-xs text-muted" data-testid="tco-preset-loaded">
          {inT('presets.loaded', { name: inT(`preset.${loaded}`) })}{' '}
          {onUndo ? (
            <Button variant="textLink" onClick={onUndo}>
              {inT('presets.undo')}
            </Button>
          ) : null}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-bad">
          {error}
        </p>
      ) : null}
    </div>
  );
}
