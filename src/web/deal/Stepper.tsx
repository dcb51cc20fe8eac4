/** The buttons, the slider and the counter that step through a deal view's line. */
import { t } from '../i18n/language';
import type { Line } from './line';

interface Props {
  line: Line;
  step: number;
  total: number;
  /** The positions read so far, the first before the line's first move. */
  read: number;
  go: (step: number) => void;
}

export function Stepper({ line, step, total, read, go }: Props) {
  return (
    <div class="stepper" data-testid="stepper">
      <span class="line-title">{t(line.title)}</span>
      <button type="button" data-testid="first" onClick={() => go(0)} disabled={step === 0} title={`${t('stepFirst')} (Home)`}>
        « {t('stepFirst')}
      </button>
      <button type="button" data-testid="prev" onClick={() => go(step - 1)} disabled={step === 0} title={`${t('stepPrevious')} (←)`}>
        ‹ {t('stepPrevious')}
      </button>
      <input
        type="range"
        min={0}
        max={total}
        value={step}
        data-testid="slider"
        aria-label={t('stepLabel')}
        onInput={(e) => go(Number((e.currentTarget as HTMLInputElement).value))}
      />
      <button type="button" data-testid="next" onClick={() => go(step + 1)} disabled={step >= total} title={`${t('stepNext')} (→)`}>
        {t('stepNext')} ›
      </button>
      <button type="button" data-testid="last" onClick={() => go(total)} disabled={step >= total} title={`${t('stepLast')} (End)`}>
        {t('stepLast')} »
      </button>
      <span data-testid="step" data-step={step}>
        {t('stepOf', { n: step, total })}
      </span>
      {read <= total && <span class="muted"> {t('readingLine', { n: read - 1 })}</span>}
    </div>
  );
}
