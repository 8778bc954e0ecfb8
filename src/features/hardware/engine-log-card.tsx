import { countIn } from '../../lib/i18n/count';
import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { useLanguage, useT } from '../../components/use-t';
import { MAX_LOG_CHARS, type EngineComparisonRow, type EngineLogIssue } from '../../core/hardware/engine-log';
import { undoPatchFor, type SetupDifference, type SetupPatch } from '../../core/hardware/engine-setup';
import type { Language, Scenario } from '../../core/scenario/schema';
import { readTextFile, textFileProblem } from '../../lib/files/read-text';
import { formatInteger, formatNumber } from '../../lib/format/format';
import { defineMessages } from '../../lib/i18n/define';
import { useAppStore } from '../../state/store';
import { gib } from './format-hardware';
import { useEngineLog } from './use-hardware';

export const engineLogMessages = defineMessages(
  'hardware-engine-log',
  {
    title: 'Engine start-up log',
    hint: "Paste or drop what vLLM or SGLang printed at start-up for this setup (same model, GPU, TP, precision and context). The engine's figures are set beside ours, per GPU.",
    label: 'Start-up log',
    file: 'Or choose a log file',
    read: 'Compare with our estimate',
    engine: 'Read as a {engine} log: {n} figures from {ranks}.',
    'count.ranks.one': 'one process',
    'count.ranks.other': "{n} TP ranks (the first rank's lines)",
    'count.tokens.one': '{n} token',
    'count.tokens.other': '{n} tokens',
    colFigure: 'Figure (per GPU)',
    colEngine: 'Engine (log line)',
    colOurs: 'Our estimate',
    colDiff: 'Difference',
    otherContext: "at {context} tokens; ours is for the page's context",
    'row.totalMemory': 'GPU memory total',
    'row.budget': 'Memory the engine may use',
    'row.utilisation': 'gpu_memory_utilization',
    'row.weights': 'Model weights',
    'row.activation': 'Peak activations',
    'row.overheads': 'CUDA graphs + non-torch memory (our runtime overhead)',
    'row.kvCache': 'KV cache memory',
    'row.kvNeeded': 'KV cache one sequence of max_model_len needs',
    'row.maxConcurrency': 'Maximum concurrency at max_model_len',
    'row.kvTokens': 'KV cache size in tokens',
    'row.cudaGraph': 'CUDA-graph memory',
    'row.nonTorch': 'Non-torch memory',
    'row.freeAtStart': 'Free memory at start-up',
    kvTokensNote:
      'vLLM\'s "GPU KV cache size" is maximum concurrency × max_model_len, a derived figure, not a capacity (vllm #51041, #40694); the concurrency is what the engine sizes.',
    lineRef: 'line {line}',
    kernelPadding:
      "Line {line} names vLLM's {kernel} kernel, which allocates every expert matrix at its tile sizes: hidden {hFrom} → {hTo}, intermediate {iFrom} → {iTo} per GPU, for {experts} experts × {layers} layers. That adds {extra} to the checkpoint, which our figure counts; {rest} of the difference remain.",
    kernelPaddingExtra:
      "Line {line} names vLLM's {kernel} kernel, not the one the fit models on this GPU: its tile sizes (hidden {hFrom} → {hTo}, intermediate {iFrom} → {iTo} per GPU, {experts} experts × {layers} layers) add {extra}; counted so, {rest} of the difference remain.",
    kernelMismatch:
      "Line {line} names vLLM's {logKernel} MXFP4 kernel; the fit counts the {modelled} layout on this GPU. Triton stores the experts in its own swizzled layout with FP32 biases, which we do not model (vLLM 0.14.1 loaded gpt-oss-120b as 64.38 GiB on one H100, 1.55 GiB under Marlin's layout, vllm #33155).",
    'kernel.marlin-mxfp4': 'Marlin',
    'kernel.flashinfer-mxfp4': 'FlashInfer',
    'kernel.triton-mxfp4': 'Triton',
    'kernel.none': 'checkpoint',
    startEngineNo: 'The engine did not start (line {line}).',
    startEngineYes: 'The engine started (line {line}).',
    startOursNo: "Our fit of the page's setup says the same: it does not start ({reason}).",
    startOursNoDiffer: "Our fit of the page's setup says it does not start ({reason}).",
    startOursYes: "Our fit of the page's setup says it starts.",
    'startReason.weights-exceed-physical': 'the weights exceed the physical memory',
    'startReason.weights-exceed-budget': 'the weights exceed the budget',
    'startReason.fixed-terms-exceed-budget': 'weights and overheads exceed the budget before any KV cache',
    'startReason.kv-exceeds-remaining': 'one sequence of the full context does not fit in what remains',
    setupTitle: 'The log was run with another setup than the page:',
    'setup.context': 'Context (max_model_len): {log} tokens in the log (line {line}), {page} on the page',
    'setup.tensorParallel': 'Tensor parallel: TP {log} in the log (line {line}), TP {page} on the page',
    'setup.pipelineParallel': 'Pipeline stages: {log} in the log (line {line}), {page} on the page',
    'setup.weightFormat': 'Weights: {log} in the log (line {line}), {page} on the page',
    'setup.utilisation': 'gpu_memory_utilization: {log} in the log (line {line}), {page} on the page',
    'setup.maxNumBatchedTokens': 'max_num_batched_tokens: {log} in the log (line {line}), {page} on the page',
    setupModel: 'The log names the model {model} (line {line}).',
    setupApply: "Set the page to the log's setup",
    setupPinned: 'A different TP pins the layout to plain TP on TP × PP GPUs, as vLLM runs without expert or data parallelism.',
    setupApplied: "The page now runs the log's setup; every figure the log prints is compared for it.",
    setupOnly: 'Read as a {engine} log: no memory figures, only the setup it was run with.',
    setupUndo: "Undo: back to the page's setup",
    suggest: "Use the log's overheads: runtime {runtime}, activations {activation}",
    suggestNone: 'This log does not print the CUDA-graph, non-torch or activation memory, so there are no overheads to take over.',
    noValue: '–',
    fileName: 'File: {name}',
    'issue.too-long': 'The log is {chars} characters long; at most {max} are read. Paste the start-up part only.',
    'issue.no-engine-lines':
      'No vLLM or SGLang memory line found. Paste the lines from start-up up to "Maximum concurrency" (vLLM) or "KV Cache is allocated" (SGLang).',
    'issue.bad-number': 'Line {line}: the {field} figure cannot be read: “{text}”.',
  },
  {
    title: 'Startprotokoll der Engine',
    hint: 'Fügen Sie ein oder ziehen Sie herein, was vLLM oder SGLang beim Start für dieses Setup ausgegeben hat (gleiches Modell, GPU, TP, Genauigkeit und Kontext). Die Zahlen der Engine stehen neben unseren, je GPU.',
    label: 'Startprotokoll',
    file: 'Oder eine Protokolldatei wählen',
    read: 'Mit unserer Schätzung vergleichen',
    engine: 'Als {engine}-Protokoll gelesen: {n} Werte aus {ranks}.',
    'count.ranks.one': 'einem Prozess',
    'count.ranks.other': '{n} TP-Rängen (die Zeilen des ersten Rangs)',
    'count.tokens.one': '{n} Token',
    'count.tokens.other': '{n} Token',
    colFigure: 'Wert (je GPU)',
    colEngine: 'Engine (Protokollzeile)',
    colOurs: 'Unsere Schätzung',
    colDiff: 'Differenz',
    otherContext: 'bei {context} Token; unsere gilt für den Kontext der Seite',
    'row.totalMemory': 'GPU-Speicher gesamt',
    'row.budget': 'Speicher, den die Engine nutzen darf',
    'row.utilisation': 'gpu_memory_utilization',
    'row.weights': 'Modellgewichte',
    'row.activation': 'Aktivierungen (Spitze)',
    'row.overheads': 'CUDA-Graphen + Nicht-Torch-Speicher (unser Laufzeit-Overhead)',
    'row.kvCache': 'KV-Cache-Speicher',
    'row.kvNeeded': 'KV-Cache, den eine Sequenz von max_model_len braucht',
    'row.maxConcurrency': 'Maximale Parallelität bei max_model_len',
    'row.kvTokens': 'KV-Cache-Größe in Token',
    'row.cudaGraph': 'CUDA-Graph-Speicher',
    'row.nonTorch': 'Nicht-Torch-Speicher',
    'row.freeAtStart': 'Freier Speicher beim Start',
    kvTokensNote:
      '„GPU KV cache size“ von vLLM ist maximale Parallelität × max_model_len, ein abgeleiteter Wert, keine Kapazität (vllm #51041, #40694); die Parallelität ist das, was die Engine bemisst.',
    lineRef: 'Zeile {line}',
    kernelPadding:
      'Zeile {line} nennt den {kernel}-Kernel von vLLM, der jede Expertenmatrix in seinen Kachelgrößen anlegt: hidden {hFrom} → {hTo}, intermediate {iFrom} → {iTo} je GPU, für {experts} Experten × {layers} Schichten. Das kommt mit {extra} zum Checkpoint hinzu, und unser Wert zählt es mit; {rest} der Differenz bleiben.',
    kernelPaddingExtra:
      'Zeile {line} nennt den {kernel}-Kernel von vLLM, nicht den, den die Abschätzung auf dieser GPU annimmt: seine Kachelgrößen (hidden {hFrom} → {hTo}, intermediate {iFrom} → {iTo} je GPU, {experts} Experten × {layers} Schichten) kosten {extra}; so gezählt bleiben {rest} der Differenz.',
    kernelMismatch:
      'Zeile {line} nennt den {logKernel}-MXFP4-Kernel von vLLM; die Abschätzung zählt auf dieser GPU das {modelled}-Layout. Triton legt die Experten in einem eigenen, umsortierten Layout mit FP32-Biases ab, das wir nicht nachbilden (vLLM 0.14.1 lud gpt-oss-120b auf einer H100 mit 64,38 GiB, 1,55 GiB unter dem Marlin-Layout, vllm #33155).',
    'kernel.marlin-mxfp4': 'Marlin',
    'kernel.flashinfer-mxfp4': 'FlashInfer',
    'kernel.triton-mxfp4': 'Triton',
    'kernel.none': 'Checkpoint',
    startEngineNo: 'Die Engine ist nicht gestartet (Zeile {line}).',
    startEngineYes: 'Die Engine ist gestartet (Zeile {line}).',
    startOursNo: 'Unsere Abschätzung des Setups der Seite sagt dasselbe: sie startet nicht ({reason}).',
    startOursNoDiffer: 'Unsere Abschätzung des Setups der Seite sagt: sie startet nicht ({reason}).',
    startOursYes: 'Unsere Abschätzung des Setups der Seite sagt: sie startet.',
    'startReason.weights-exceed-physical': 'die Gewichte übersteigen den physischen Speicher',
    'startReason.weights-exceed-budget': 'die Gewichte übersteigen das Budget',
    'startReason.fixed-terms-exceed-budget': 'Gewichte und Overheads übersteigen das Budget schon vor jedem KV-Cache',
    'startReason.kv-exceeds-remaining': 'eine Sequenz des vollen Kontexts passt nicht in den Rest',
    setupTitle: 'Das Protokoll lief mit einem anderen Setup als die Seite:',
    'setup.context': 'Kontext (max_model_len): {log} Token im Protokoll (Zeile {line}), {page} auf der Seite',
    'setup.tensorParallel': 'Tensor-Parallelität: TP {log} im Protokoll (Zeile {line}), TP {page} auf der Seite',
    'setup.pipelineParallel': 'Pipeline-Stufen: {log} im Protokoll (Zeile {line}), {page} auf der Seite',
    'setup.weightFormat': 'Gewichte: {log} im Protokoll (Zeile {line}), {page} auf der Seite',
    'setup.utilisation': 'gpu_memory_utilization: {log} im Protokoll (Zeile {line}), {page} auf der Seite',
    'setup.maxNumBatchedTokens': 'max_num_batched_tokens: {log} im Protokoll (Zeile {line}), {page} auf der Seite',
    setupModel: 'Das Protokoll nennt das Modell {model} (Zeile {line}).',
    setupApply: 'Seite auf das Setup des Protokolls stellen',
    setupPinned: 'Ein anderes TP legt das Layout auf reines TP mit TP × PP GPUs fest, wie vLLM ohne Experten- oder Datenparallelität läuft.',
    setupApplied: 'Die Seite nutzt jetzt das Setup des Protokolls; jeder Wert des Protokolls wird dafür verglichen.',
    setupOnly: 'Als {engine}-Protokoll gelesen: keine Speicherwerte, nur das Setup, mit dem es lief.',
    setupUndo: 'Rückgängig: zurück zum Setup der Seite',
    suggest: 'Overheads des Protokolls übernehmen: Laufzeit {runtime}, Aktivierungen {activation}',
    suggestNone: 'Dieses Protokoll nennt weder CUDA-Graph- noch Nicht-Torch- noch Aktivierungsspeicher; es gibt keine Overheads zu übernehmen.',
    noValue: '–',
    fileName: 'Datei: {name}',
    'issue.too-long': 'Das Protokoll hat {chars} Zeichen; gelesen werden höchstens {max}. Fügen Sie nur den Startteil ein.',
    'issue.no-engine-lines':
      'Keine Speicherzeile von vLLM oder SGLang gefunden. Fügen Sie die Zeilen vom Start bis „Maximum concurrency“ (vLLM) oder „KV Cache is allocated“ (SGLang) ein.',
    'issue.bad-number': 'Zeile {line}: der Wert {field} ist nicht lesbar: „{text}“.',
  },
);

type T = (key: keyof (typeof engineLogMessages)['en'], params?: Readonly<Record<string, string | number>>) => string;

function value(language: Language, row: EngineComparisonRow, v: number | null): string {
  if (v === null) return '–';
  if (row.unit === 'bytes') return gib(language, v);
  if (row.unit === 'tokens') return countIn(engineLogMessages, language, 'tokens', v);
  return row.key === 'maxConcurrency' ? `${formatNumber(language, v, 2)}×` : formatNumber(language, v, 2);
}

/** A difference with its sign; one that rounds to nothing at the shown precision (< 0.005 GiB) is 0, not "-0". */
function signed(language: Language, row: EngineComparisonRow, d: number): string {
  const v = row.unit === 'bytes' && Math.abs(d) < 0.005 * 2 ** 30 ? 0 : d;
  return `${v > 0 ? '+' : ''}${value(language, row, v)}`;
}

function setupValue(language: Language, d: SetupDifference, v: number | string): string {
  if (typeof v === 'string') return v.toUpperCase();
  return d.field === 'utilisation' ? formatNumber(language, v, 2) : formatInteger(language, v);
}

function issueText(t: T, language: Language, i: EngineLogIssue): string {
  if (i.code === 'too-long') return t('issue.too-long', { chars: formatInteger(language, i.chars), max: formatInteger(language, i.max) });
  if (i.code === 'bad-number') return t('issue.bad-number', { line: formatInteger(language, i.line), field: t(`row.${i.field}`), text: i.text });
  return t('issue.no-engine-lines');
}

/** Paste or drop a vLLM / SGLang start-up log; the engine's memory figures beside ours, and its overheads to take over. */
export function EngineLogCard(props: { scenario: Scenario }) {
  const t = useT(engineLogMessages);
  const language = useLanguage();
  const updateSection = useAppStore((s) => s.updateSection);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const q = useEngineLog(submitted, props.scenario);
  const textId = useId();
  const fileId = useId();
  const result = q.data;
  const parsed = result?.parsed;
  const comparison = result?.comparison ?? null;
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    // A log has one byte per character: a file over the character limit is refused unread.
    const read = await readTextFile(file, MAX_LOG_CHARS);
    setFileName(file.name);
    if (!read.ok) {
      setFileProblem(textFileProblem(language, read));
      return;
    }
    setFileProblem(null);
    const content = read.text;
    setText(content);
    setFileName(file.name);
    setSubmitted(content);
  };
  const s = comparison?.suggestion;
  const offer = comparison?.setup;
  // The page's values before "Set the page to the log's setup", for undo (this card only).
  const [undo, setUndo] = useState<SetupPatch | null>(null);
  const applyPatch = (patch: SetupPatch) => {
    if (Object.keys(patch.selfHosted).length > 0) updateSection('selfHosted', patch.selfHosted);
    if (Object.keys(patch.hardware).length > 0) updateSection('hardware', patch.hardware);
  };
  return (
    <Card title={t('title')} testId="hw-engine-log">
      <p className="mb-2 text-xs text-muted">{t('hint')}</p>
      <label htmlFor={textId} className="text-sm font-medium">
        {t('label')}
      </label>
      <textarea
        id={textId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          void readFile(e.dataTransfer.files[0]);
        }}
        rows={5}
        spellCheck={false}
        className="mt-1 w-full rounded-md border border-border bg-surface p-2 font-mono text-xs"
      />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button onClick={() => setSubmitted(text)} disabled={text.trim() === ''} className="font-medium">
          {t('read')}
        </Button>
        <label htmlFor={fileId} className="text-xs text-muted">
          {t('file')}
        </label>
        <input id={fileId} type="file" accept=".log,.txt,text/plain" className="text-xs" onChange={(e) => void readFile(e.target.files?.[0])} />
        {fileName ? <span className="text-xs text-muted">{t('fileName', { name: fileName })}</span> : null}
      </div>
      {fileProblem ? (
        <p role="alert" className="mt-2 text-xs text-bad" data-testid="hw-engine-log-file-problem">
          {fileProblem}
        </p>
      ) : null}
      {parsed && parsed.issues.length > 0 ? (
        <ul className="mt-2 grid gap-1" data-testid="hw-engine-log-issues">
          {parsed.issues.map((i, n) => (
            <li key={n} role="alert" className="text-xs text-bad">
              {issueText(t, language, i)}
            </li>
          ))}
        </ul>
      ) : null}
      {parsed?.ok ? (
        <>
          <p className="mt-2 text-xs" data-testid="hw-engine-log-summary">
            {parsed.log.figures.length === 0
              ? t('setupOnly', { engine: parsed.log.engine === 'vllm' ? 'vLLM' : 'SGLang' })
              : t('engine', {
                  engine: parsed.log.engine === 'vllm' ? 'vLLM' : 'SGLang',
                  n: formatInteger(language, parsed.log.figures.length),
                  ranks: countIn(engineLogMessages, language, 'ranks', parsed.log.ranks),
                })}
          </p>
          {comparison && comparison.rows.length > 0 ? (
            <div className="relative mt-2 overflow-x-auto">
              <table className="figures w-full min-w-[520px] border-collapse text-sm" data-testid="hw-engine-log-table">
                <thead>
                  <tr className="text-left text-xs text-muted">
                    <th scope="col" className="border-b border-border py-1 pr-2 font-medium">
                      {t('colFigure')}
                    </th>
                    <th scope="col" className="border-b border-border py-1 pr-2 text-right font-medium">
                      {t('colEngine')}
                    </th>
                    <th scope="col" className="border-b border-border py-1 pr-2 text-right font-medium">
                      {t('colOurs')}
                    </th>
                    <th scope="col" className="border-b border-border py-1 text-right font-medium">
                      {t('colDiff')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {comparison.rows.map((row) => (
                    <tr key={row.key} data-testid={`engine-row-${row.key}`}>
                      <th scope="row" className="border-b border-border/60 py-1.5 pr-2 text-left font-normal">
                        {t(`row.${row.key}`)}
                        {row.contextTokens !== undefined && row.ours === null ? (
                          <span className="block text-xs text-muted">{t('otherContext', { context: formatInteger(language, row.contextTokens) })}</span>
                        ) : null}
                      </th>
                      <td className="border-b border-border/60 py-1.5 pr-2 text-right" data-testid="engine-value">
                        {value(language, row, row.engine)}
                        <span className="block text-xs text-muted">{t('lineRef', { line: formatInteger(language, row.line) })}</span>
                      </td>
                      <td className="border-b border-border/60 py-1.5 pr-2 text-right" data-testid="our-value">
                        {value(language, row, row.ours)}
                      </td>
                      <td className="border-b border-border/60 py-1.5 text-right" data-testid="diff-value">
                        {row.difference === null ? '–' : signed(language, row, row.difference)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {comparison.rows.map((row) =>
                row.kernelPadding ? (
                  <p key={`pad-${row.key}`} className="mt-1 text-xs text-muted" data-testid="engine-kernel-padding">
                    {t(row.kernelPadding.included ? 'kernelPadding' : 'kernelPaddingExtra', {
                      kernel: t(`kernel.${row.kernelPadding.kernel}`),
                      line: formatInteger(language, row.kernelPadding.line),
                      hFrom: formatInteger(language, row.kernelPadding.hidden.from),
                      hTo: formatInteger(language, row.kernelPadding.hidden.to),
                      iFrom: formatInteger(language, row.kernelPadding.intermediate.from),
                      iTo: formatInteger(language, row.kernelPadding.intermediate.to),
                      experts: formatInteger(language, row.kernelPadding.expertsPerRank),
                      layers: formatInteger(language, row.kernelPadding.moeLayers),
                      extra: gib(language, row.kernelPadding.extraBytesPerGpu),
                      rest: gib(language, row.kernelPadding.unexplainedBytes),
                    })}
                  </p>
                ) : row.kernelMismatch ? (
                  <p key={`kernel-${row.key}`} className="mt-1 text-xs text-muted" data-testid="engine-kernel-mismatch">
                    {t('kernelMismatch', {
                      line: formatInteger(language, row.kernelMismatch.line),
                      logKernel: t(`kernel.${row.kernelMismatch.logKernel}`),
                      modelled: t(`kernel.${row.kernelMismatch.modelled ?? 'none'}`),
                    })}
                  </p>
                ) : null,
              )}
              {comparison.rows.some((r) => r.key === 'kvTokens') ? <p className="mt-1 text-xs text-muted">{t('kvTokensNote')}</p> : null}
            </div>
          ) : null}
          {comparison?.start.engine ? (
            <p
              className={`mt-2 text-sm ${comparison.start.engine.starts ? '' : 'font-semibold text-bad'}`}
              data-testid="hw-engine-log-start"
              data-engine-starts={comparison.start.engine.starts ? 'yes' : 'no'}
              data-ours-starts={comparison.start.ours.starts ? 'yes' : 'no'}
            >
              {comparison.start.engine.starts
                ? t('startEngineYes', { line: formatInteger(language, comparison.start.engine.line) })
                : t('startEngineNo', { line: formatInteger(language, comparison.start.engine.line) })}{' '}
              {comparison.start.ours.starts
                ? t('startOursYes')
                : t(comparison.start.engine.starts ? 'startOursNoDiffer' : 'startOursNo', {
                    reason: t(`startReason.${comparison.start.ours.reason ?? 'kv-exceeds-remaining'}`),
                  })}
            </p>
          ) : null}
          {parsed.log.setup.model ? (
            <p className="mt-2 text-xs text-muted">
              {t('setupModel', { model: parsed.log.setup.model.value, line: formatInteger(language, parsed.log.setup.model.line) })}
            </p>
          ) : null}
          {offer && offer.differences.length > 0 ? (
            <div className="mt-2 rounded-md border border-border p-2" data-testid="hw-engine-log-setup">
              <p className="text-xs font-medium">{t('setupTitle')}</p>
              <ul className="mt-1 grid gap-0.5 text-xs">
                {offer.differences.map((d) => (
                  <li key={d.field}>
                    {t(`setup.${d.field}`, {
                      log: setupValue(language, d, d.log),
                      page: setupValue(language, d, d.page),
                      line: formatInteger(language, d.line),
                    })}
                  </li>
                ))}
              </ul>
              {offer.patch.hardware.layout ? <p className="mt-1 text-xs text-muted">{t('setupPinned')}</p> : null}
              <Button
                className="mt-2"
                onClick={() => {
                  setUndo(undoPatchFor(offer.patch, props.scenario));
                  applyPatch(offer.patch);
                }}
              >
                {t('setupApply')}
              </Button>
            </div>
          ) : null}
          {undo && offer && offer.differences.length === 0 ? (
            <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="hw-engine-log-setup-applied">
              <p className="text-xs">{t('setupApplied')}</p>
              <Button
                onClick={() => {
                  applyPatch(undo);
                  setUndo(null);
                }}
              >
                {t('setupUndo')}
              </Button>
            </div>
          ) : null}
          {s && (s.runtimeOverheadGiB !== null || s.activationGiB !== null) ? (
            <Button
              className="mt-2"
              onClick={() =>
                updateSection('hardware', {
                  overheadSource: 'entered',
                  ...(s.runtimeOverheadGiB !== null ? { runtimeOverheadGiB: s.runtimeOverheadGiB } : {}),
                  ...(s.activationGiB !== null ? { activationGiB: s.activationGiB } : {}),
                })
              }
            >
              {t('suggest', {
                runtime: s.runtimeOverheadGiB !== null ? `${formatNumber(language, s.runtimeOverheadGiB, 1)} GiB` : t('noValue'),
                activation: s.activationGiB !== null ? `${formatNumber(language, s.activationGiB, 1)} GiB` : t('noValue'),
              })}
            </Button>
          ) : comparison && comparison.rows.length > 0 ? (
            <p className="mt-2 text-xs text-muted">{t('suggestNone')}</p>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
