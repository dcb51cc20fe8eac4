/** Limits as people write them (`10s`, `5M`, `2GB`): the command line's `--time-limit`, `--node-limit` and `--memory-limit`, and callers of the library. */
import { InputError } from '../errors/inputError.js';

/** `10s`, `500ms`, `2m`, `1h`, or a bare number of seconds; `none` for no limit. */
export function parseDuration(text: string, flag = '--time-limit'): number {
  const t = text.trim().toLowerCase();
  if (t === 'none' || t === 'inf') return Infinity;
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(t);
  if (!m) throw new InputError(`${flag} "${text}" is not a duration: expected a number with ms, s, m or h, for example 500ms, 10s or 2m`);
  const value = Number(m[1]);
  const unit = m[2] ?? 's';
  const factor = unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 3_600_000;
  return value * factor;
}

/** `5e6`, `5000000`, `2M`, `500k`; `none` for no limit. */
export function parseCount(text: string, flag = '--node-limit'): number {
  const t = text.trim().toLowerCase().replace(/_/g, '');
  if (t === 'none' || t === 'inf') return Infinity;
  const m = /^(\d+(?:\.\d+)?(?:e\d+)?)([kmg]?)$/.exec(t);
  if (!m) throw new InputError(`${flag} "${text}" is not a count: expected a whole number such as 5000000, 5e6 or 5M`);
  const factor = m[2] === 'k' ? 1e3 : m[2] === 'm' ? 1e6 : m[2] === 'g' ? 1e9 : 1;
  const value = Math.floor(Number(m[1]) * factor);
  if (!(value >= 1)) throw new InputError(`${flag} "${text}" must be at least 1`);
  return value;
}

/** `2GB`, `512MB`, `64mb`, `1.5g`; `none` for no limit. Binary units (1 GB = 1024^3 bytes). */
export function parseBytes(text: string, flag = '--memory-limit'): number {
  const t = text.trim().toLowerCase();
  if (t === 'none' || t === 'inf') return Infinity;
  const m = /^(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?$/.exec(t);
  if (!m) throw new InputError(`${flag} "${text}" is not a size: expected a number with KB, MB or GB, for example 512MB or 2GB`);
  const unit = (m[2] ?? 'b')[0];
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  const value = Math.floor(Number(m[1]) * factor);
  if (!(value >= 1024 * 1024)) throw new InputError(`${flag} "${text}" is too small: give at least 1MB`);
  return value;
}
