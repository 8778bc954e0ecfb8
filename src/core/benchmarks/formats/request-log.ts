import { deriveThroughput, endpointFromUrl, ErrorCounter, isRecord, newRun, note, type FileContext, type ParsedRun, type ValueParser } from '../common';
import { isUnfinished } from '../json-stream';
import { ExactSum, type ExactSumState } from '../exact-sum';
import { recompute } from '../recompute';
import { builderBuffers, RequestTableBuilder, type BlockOutlet, type BuilderState } from '../request-table';
import { FlatRowReader, type FlatField } from '../flat-row';

/**
 * Per-request log of an OpenAI-compatible client, one JSON object per line (SPEC §5;
 * bench-formats.md §8 "proposed per-request log"):
 * `{ts, model, status, ttft_ms, duration_ms, in_tok, out_tok, cached_tok?, reasoning_tok?,
 *   cost_usd?, http_status?, error?}`.
 * `ts` is the request start, ISO 8601 or epoch seconds (epoch milliseconds are recognised by
 * size). Common alternative names are accepted (latency_ms, input_tokens, prompt_tokens …).
 * `ttft_ms` may be null (non-streaming or failed requests). One run per model in the log.
 * This is the hot path of large imports: rows are checked by hand, not with a schema.
 */
/** Fields of which a row names at least one latency and one token count (detection; the Parquet column check). */
export const REQUEST_LOG_LATENCY_FIELDS = ['ttft_ms', 'duration_ms', 'latency_ms', 'e2e_ms', 'e2el_ms'] as const;
export const REQUEST_LOG_TOKEN_FIELDS = ['in_tok', 'out_tok', 'input_tokens', 'output_tokens', 'prompt_tokens', 'completion_tokens'] as const;

export function looksLikeRequestLogRow(v: Record<string, unknown>): boolean {
  return REQUEST_LOG_LATENCY_FIELDS.some((f) => f in v) && REQUEST_LOG_TOKEN_FIELDS.some((f) => f in v);
}

const OK_STATUS = new Set(['ok', 'success', 'succeeded', 'completed', 'done', '200']);

function httpStatusOf(r: Record<string, unknown>): number | null {
  return typeof r.http_status === 'number' ? r.http_status : null;
}

function digit(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

/** The last calendar day seen (as YYYYMMDD), so consecutive timestamps of one day skip Date.UTC. */
let cachedDay = -1;
let cachedDayS = 0;

/** Epoch seconds of a day's start; NaN outside 1970–9999 and months 1–12, days 1–31. */
function dayStart(year: number, month: number, day: number): number {
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31 && year >= 1970 && year <= 9999)) return Number.NaN;
  // Within these ranges the key names one calendar day.
  const key = year * 10000 + month * 100 + day;
  if (key !== cachedDay) {
    cachedDay = key;
    cachedDayS = Date.UTC(year, month - 1, day) / 1000;
  }
  return cachedDayS;
}

/** Epoch seconds from an ISO string or an epoch number (s or ms); NaN when unreadable. */
export function parseTimestamp(raw: unknown): number {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 0) return Number.NaN;
    return raw > 1e12 ? raw / 1000 : raw;
  }
  if (typeof raw !== 'string') return Number.NaN;
  const s = raw;
  // Fast path for "YYYY-MM-DDTHH:MM:SS(.fff)Z" (millions of rows); anything else via Date.parse.
  const last = s.length - 1;
  if (last >= 19 && s.charCodeAt(4) === 45 && s.charCodeAt(10) === 84 && s.charCodeAt(last) === 90) {
    const hour = digit(s, 11) * 10 + digit(s, 12);
    const minute = digit(s, 14) * 10 + digit(s, 15);
    const second = digit(s, 17) * 10 + digit(s, 18);
    if (!(hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 60)) return Number.NaN;
    let frac = 0;
    if (s.charCodeAt(19) === 46) {
      let scale = 0.1;
      for (let i = 20; i < last; i++) {
        const c = digit(s, i);
        if (c < 0 || c > 9) return Number.NaN;
        frac += c * scale;
        scale /= 10;
      }
    } else if (last !== 19) return parseSlow(s);
    const year = digit(s, 0) * 1000 + digit(s, 1) * 100 + digit(s, 2) * 10 + digit(s, 3);
    return dayStart(year, digit(s, 5) * 10 + digit(s, 6), digit(s, 8) * 10 + digit(s, 9)) + hour * 3600 + minute * 60 + second + frac;
  }
  return parseSlow(s);
}

/**
 * `parseTimestamp` of an ASCII string given as its bytes `[start, end)`, for the flat-row reader:
 * the same fast path with the same arithmetic, so the same seconds to the bit (tested against it);
 * NaN for anything else (that row is then read the usual way and gets the same answer there).
 */
export function isoSecondsOfBytes(b: Uint8Array, s: number, end: number): number {
  const last = end - s - 1;
  if (!(last >= 19 && b[s + 4] === 45 && b[s + 10] === 84 && b[s + last] === 90)) return Number.NaN;
  const hour = ((b[s + 11] as number) - 48) * 10 + (b[s + 12] as number) - 48;
  const minute = ((b[s + 14] as number) - 48) * 10 + (b[s + 15] as number) - 48;
  const second = ((b[s + 17] as number) - 48) * 10 + (b[s + 18] as number) - 48;
  if (!(hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 60)) return Number.NaN;
  let frac = 0;
  if (b[s + 19] === 46) {
    let scale = 0.1;
    for (let i = 20; i < last; i++) {
      const c = (b[s + i] as number) - 48;
      if (c < 0 || c > 9) return Number.NaN;
      frac += c * scale;
      scale /= 10;
    }
  } else if (last !== 19) return Number.NaN;
  const year = ((b[s] as number) - 48) * 1000 + ((b[s + 1] as number) - 48) * 100 + ((b[s + 2] as number) - 48) * 10 + (b[s + 3] as number) - 48;
  const month = ((b[s + 5] as number) - 48) * 10 + (b[s + 6] as number) - 48;
  const day = ((b[s + 8] as number) - 48) * 10 + (b[s + 9] as number) - 48;
  return dayStart(year, month, day) + hour * 3600 + minute * 60 + second + frac;
}

/**
 * The fields `requestLogParser` reads of a row, for the flat-row reader (flat-row.ts): a row of
 * JSON Lines read from its bytes holds these, `undefined` where absent, and nothing else.
 */
export const REQUEST_LOG_ROW_FIELDS: Readonly<Record<string, FlatField>> = {
  ts: 'time',
  timestamp: 'time',
  start_time: 'time',
  model: 'text',
  status: 'text',
  error: 'text',
  base_url: 'text',
  ok: 'number',
  http_status: 'number',
  ttft_ms: 'number',
  ttft_s: 'number',
  time_to_first_token_ms: 'number',
  duration_ms: 'number',
  latency_ms: 'number',
  e2e_ms: 'number',
  e2el_ms: 'number',
  duration_s: 'number',
  latency_s: 'number',
  in_tok: 'number',
  input_tokens: 'number',
  prompt_tokens: 'number',
  out_tok: 'number',
  output_tokens: 'number',
  completion_tokens: 'number',
  tpot_ms: 'number',
  cost_usd: 'number',
  cached_tok: 'number',
  reasoning_tok: 'number',
};

function parseSlow(s: string): number {
  if (/^\d+(\.\d+)?$/.test(s.trim())) return parseTimestamp(Number(s));
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? Number.NaN : ms / 1000;
}

interface Acc {
  model: string | null;
  builder: RequestTableBuilder;
  errors: ErrorCounter;
  ok: number;
  failed: number;
  inTok: number;
  outTok: number;
  cachedTok: number;
  reasoningTok: number;
  /** Order-free sums: a file read in parts gives the same bits as one read in one piece. */
  cost: ExactSum;
  withCost: number;
  withoutCost: number;
  minStart: number;
  maxEnd: number;
  busyMs: ExactSum;
  target: string | null;
  firstLine: number;
}

/** An accumulator as plain data, for a part of the file read in another thread. */
type SavedAcc = Omit<Acc, 'builder' | 'errors' | 'cost' | 'busyMs'> & {
  builder: BuilderState;
  errors: [string, number][];
  cost: ExactSumState;
  busyMs: ExactSumState;
};

function newAcc(model: string | null, line: number, rowRate: number, outlet?: BlockOutlet): Acc {
  return {
    model,
    builder: new RequestTableBuilder(rowRate, outlet),
    errors: new ErrorCounter(),
    ok: 0,
    failed: 0,
    inTok: 0,
    outTok: 0,
    cachedTok: 0,
    reasoningTok: 0,
    cost: new ExactSum(),
    withCost: 0,
    withoutCost: 0,
    minStart: Number.POSITIVE_INFINITY,
    maxEnd: Number.NEGATIVE_INFINITY,
    busyMs: new ExactSum(),
    target: null,
    firstLine: line,
  };
}

/**
 * Reads an optional non-negative number. Returns NaN for "absent" (undefined or null) and -1
 * for a present value that is not a non-negative number (the caller reports it).
 */
function opt(v: unknown): number {
  if (v === undefined || v === null) return Number.NaN;
  if (typeof v === 'number') return v >= 0 && v !== Number.POSITIVE_INFINITY ? v : -1;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) && n >= 0 ? n : -1;
  }
  return -1;
}

export interface RequestLogOptions {
  format: 'request-log' | 'mapped-csv';
  /** Names fields in messages the way the file names them (CSV column headers). */
  label: (field: string) => string;
}

export function requestLogParser(ctx: FileContext, options: RequestLogOptions = { format: 'request-log', label: (f) => f }): ValueParser {
  const byModel = new Map<string, Acc>();
  let lastKey: string | null = null;
  let lastAcc: Acc | undefined;
  const label = options.label;
  const bad = (line: number, code: 'field-invalid' | 'field-negative', field: string, raw: unknown) => {
    const n = typeof raw === 'number' ? raw : Number.NaN;
    ctx.issues.skip(line, n < 0 ? 'field-negative' : code, label(field), raw === undefined ? null : String(raw));
  };
  return {
    format: options.format,
    ...(options.format === 'request-log' ? { rowBytes: new FlatRowReader(REQUEST_LOG_ROW_FIELDS, isoSecondsOfBytes) } : {}),
    value(value, line, index) {
      if (!isRecord(value)) {
        ctx.issues.skip(line, 'row-not-object', index === null || index === undefined ? null : `[${index}]`, null);
        return;
      }
      const r = value;
      if (isUnfinished(r)) {
        ctx.issues.skip(line, 'row-unfinished', null, null);
        return;
      }
      let ttftRaw = r.ttft_ms;
      let ttftField = 'ttft_ms';
      if (ttftRaw === undefined) {
        if (r.ttft_s !== undefined) {
          const s = opt(r.ttft_s);
          ttftRaw = s >= 0 ? s * 1000 : r.ttft_s;
          ttftField = 'ttft_s';
        } else if (r.time_to_first_token_ms !== undefined) {
          ttftRaw = r.time_to_first_token_ms;
          ttftField = 'time_to_first_token_ms';
        }
      }
      let durRaw = r.duration_ms;
      let durField = 'duration_ms';
      if (durRaw === undefined) {
        for (const k of ['latency_ms', 'e2e_ms', 'e2el_ms']) {
          if (r[k] !== undefined) {
            durRaw = r[k];
            durField = k;
            break;
          }
        }
        if (durRaw === undefined && (r.duration_s !== undefined || r.latency_s !== undefined)) {
          const raw = r.duration_s ?? r.latency_s;
          const s = opt(raw);
          durRaw = s >= 0 ? s * 1000 : raw;
          durField = r.duration_s !== undefined ? 'duration_s' : 'latency_s';
        }
      }
      const inRaw = r.in_tok ?? r.input_tokens ?? r.prompt_tokens;
      const outRaw = r.out_tok ?? r.output_tokens ?? r.completion_tokens;
      const ttft = opt(ttftRaw);
      const dur = opt(durRaw);
      const inTok = opt(inRaw);
      const outTok = opt(outRaw);
      if (ttft === -1) return bad(line, 'field-invalid', ttftField, ttftRaw);
      if (dur === -1) return bad(line, 'field-invalid', durField, durRaw);
      if (inTok === -1) return bad(line, 'field-invalid', 'in_tok', inRaw);
      if (outTok === -1) return bad(line, 'field-invalid', 'out_tok', outRaw);

      const status = r.status;
      // The HTTP status is read only where it decides or describes something (most rows say "ok").
      let ok: boolean;
      if (typeof status === 'string') ok = status === 'ok' || OK_STATUS.has(status.toLowerCase());
      else if (typeof status === 'number') ok = status >= 200 && status < 300;
      else if (typeof r.ok === 'boolean') ok = r.ok;
      else {
        const http = httpStatusOf(r);
        ok = (r.error === undefined || r.error === null || r.error === '') && (http === null || http < 400);
      }
      const tpot = opt(r.tpot_ms);
      if (tpot === -1) return bad(line, 'field-invalid', 'tpot_ms', r.tpot_ms);
      if (ok && ttft > dur) {
        ctx.issues.skip(line, 'ttft-exceeds-e2el', label(ttftField), `${ttft} > ${dur}`);
        return;
      }
      const model = typeof r.model === 'string' ? r.model : null;
      const key = model ?? '';
      // Logs name the same model row after row: compare with the last one before the map.
      let acc = key === lastKey ? lastAcc : byModel.get(key);
      if (acc === undefined) {
        acc = newAcc(model === null ? null : model.slice(0, 300), line, ctx.rowRate ?? 1, ctx.blocks);
        byModel.set(key, acc);
      }
      lastKey = key;
      lastAcc = acc;
      const ts = r.ts;
      const start = ts !== undefined ? parseTimestamp(ts) : r.timestamp !== undefined ? parseTimestamp(r.timestamp) : parseTimestamp(r.start_time);
      if (start === start) {
        if (start < acc.minStart) acc.minStart = start;
        const end = dur === dur ? start + dur / 1000 : start;
        if (end > acc.maxEnd) acc.maxEnd = end;
      }
      if (dur === dur) acc.busyMs.add(dur);
      const cost = r.cost_usd;
      if (typeof cost === 'number' && cost >= 0 && cost !== Number.POSITIVE_INFINITY) {
        acc.cost.add(cost);
        acc.withCost += 1;
      } else acc.withoutCost += 1;
      if (acc.target === null && typeof r.base_url === 'string') acc.target = r.base_url;
      if (ok) {
        acc.ok += 1;
        if (inTok === inTok) acc.inTok += inTok;
        if (outTok === outTok) acc.outTok += outTok;
        const cached = opt(r.cached_tok);
        if (cached > 0) acc.cachedTok += cached;
        const reasoning = opt(r.reasoning_tok);
        if (reasoning > 0) acc.reasoningTok += reasoning;
        acc.builder.add(true, ttft, dur, tpot, Number.NaN, inTok, outTok, start);
      } else {
        acc.failed += 1;
        const http = httpStatusOf(r);
        const kind = [typeof status === 'string' ? status : null, http !== null ? `HTTP ${http}` : null, typeof r.error === 'string' ? r.error : null]
          .filter(Boolean)
          .join(': ');
        acc.errors.add(kind || 'error');
        acc.builder.add(false, Number.NaN, Number.NaN, Number.NaN, Number.NaN, inTok, outTok, start);
      }
    },
    parts: {
      save() {
        const models: { key: string; acc: SavedAcc }[] = [];
        const buffers: ArrayBuffer[] = [];
        for (const [key, acc] of byModel) {
          const builder = acc.builder.save();
          buffers.push(...builderBuffers(builder));
          const cost = acc.cost.save();
          const busyMs = acc.busyMs.save();
          buffers.push(cost.bins.buffer, busyMs.bins.buffer);
          models.push({ key, acc: { ...acc, builder, errors: acc.errors.save(), cost, busyMs } });
        }
        return { state: models, buffers };
      },
      absorb(state, lineShift, blocks) {
        for (const { key, acc: part } of state as { key: string; acc: SavedAcc }[]) {
          let acc = byModel.get(key);
          if (acc === undefined) {
            acc = newAcc(part.model, part.firstLine + lineShift, ctx.rowRate ?? 1);
            byModel.set(key, acc);
          }
          acc.builder.absorb(part.builder, blocks);
          acc.errors.absorb(part.errors);
          acc.ok += part.ok;
          acc.failed += part.failed;
          acc.inTok += part.inTok;
          acc.outTok += part.outTok;
          acc.cachedTok += part.cachedTok;
          acc.reasoningTok += part.reasoningTok;
          acc.cost.absorb(part.cost);
          acc.withCost += part.withCost;
          acc.withoutCost += part.withoutCost;
          acc.minStart = Math.min(acc.minStart, part.minStart);
          acc.maxEnd = Math.max(acc.maxEnd, part.maxEnd);
          acc.busyMs.absorb(part.busyMs);
          acc.target ??= part.target;
        }
        lastKey = null;
        lastAcc = undefined;
      },
    },
    finish() {
      const runs: ParsedRun[] = [];
      let index = 0;
      for (const acc of byModel.values()) {
        const run = newRun(ctx, options.format === 'mapped-csv' ? 'csv' : 'client-log', options.format, index++, acc.firstLine);
        run.model = acc.model;
        run.endpoint = endpointFromUrl(acc.target);
        run.requests = { total: acc.ok + acc.failed, ok: acc.ok, failed: acc.failed, incomplete: null, errors: acc.errors.list() };
        run.tokens = { input: acc.inTok, output: acc.outTok };
        if (Number.isFinite(acc.minStart) && acc.maxEnd > acc.minStart) {
          run.durationS = acc.maxEnd - acc.minStart;
          run.date = new Date(acc.minStart * 1000).toISOString();
          run.load.measuredConcurrency = acc.busyMs.value() / 1000 / run.durationS;
          note(run, 'estimate', 'duration from the first request start to the last request end');
        }
        run.cost = { totalUsd: acc.cost.value(), rowsWithCost: acc.withCost, rowsWithoutCost: acc.withoutCost };
        if (acc.cachedTok > 0) run.extras.push({ key: 'cached_tok', value: acc.cachedTok });
        if (acc.reasoningTok > 0) run.extras.push({ key: 'reasoning_tok', value: acc.reasoningTok });
        const table = acc.builder.build();
        run.definitions = {
          ttft: { sourceName: label('ttft_ms'), weighting: 'requests', percentileMethod: 'linear' },
          e2el: { sourceName: label('duration_ms'), weighting: 'requests', percentileMethod: 'linear' },
          tpot: { sourceName: label('tpot_ms'), weighting: 'requests', percentileMethod: 'linear' },
        };
        recompute(run, table, { method: 'linear', ddof: 0, sampled: false, partial: false, tick: ctx.tick });
        deriveThroughput(run);
        runs.push({ run, table });
      }
      return runs;
    },
  };
}
