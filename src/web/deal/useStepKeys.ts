/** The arrow keys step through a line (the slider moves by itself when it has the focus). */
import { useEffect } from 'preact/hooks';

const STEPS: Record<string, (step: number, total: number) => number> = {
  ArrowRight: (step) => step + 1,
  ArrowLeft: (step) => step - 1,
  Home: () => 0,
  End: (_, total) => total,
};

/** Whether keys typed go to a field rather than to the stepper. */
function typing(target: HTMLElement | null): boolean {
  // A switch keeps the focus once clicked: the arrows still step.
  if (target?.tagName === 'INPUT') return (target as HTMLInputElement).type !== 'checkbox';
  return target !== null && (target.tagName === 'SELECT' || target.tagName === 'TEXTAREA');
}

export function useStepKeys(go: (step: number) => void, step: number, total: number): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const to = STEPS[event.key];
      if (typing(event.target as HTMLElement | null) || !to) return;
      go(to(step, total));
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
}
