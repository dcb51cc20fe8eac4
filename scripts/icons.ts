/**
 * The page's PNG icons, drawn from `src/web/public/favicon.svg` in chromium: phones want
 * bitmaps (an iPhone's home screen takes only `apple-touch-icon.png`; Android's launcher
 * prefers the manifest's 192 and 512 px). Each is the card on the bar's colour, filling the
 * square with a margin, so that a launcher's round or rounded mask never cuts the card.
 * Run it after changing the SVG: `npm run build && node dist/scripts/icons.js`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../test/support/browser.js';

const PUBLIC = fileURLToPath(new URL('../../src/web/public/', import.meta.url));
/** style.css `--ink`, as in the manifest's theme colour. */
const BACKGROUND = '#1d2330';
const SIZES: readonly [string, number][] = [
  ['apple-touch-icon.png', 180],
  ['icon-192.png', 192],
  ['icon-512.png', 512],
];

const svg = readFileSync(`${PUBLIC}favicon.svg`, 'utf8');
const browser = await launchBrowser();
try {
  for (const [file, size] of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // The card takes 70% of the height: inside the safe zone of a maskable icon (80%).
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;background:${BACKGROUND};display:grid;place-items:center">` +
        `<div style="width:${Math.round(size * 0.7)}px;height:${Math.round(size * 0.7)}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
    );
    writeFileSync(`${PUBLIC}${file}`, await page.screenshot({ type: 'png' }));
    await page.close();
  }
} finally {
  await browser.close();
}
