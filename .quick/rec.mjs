import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage();
p.on('console', (m) => console.log('console:', m.text()));
await p.goto('http://127.0.0.1:39177/monitoring?t=eyJhbGciOiJIUzI1NiIsInR5cCI6Im1vbml0b3Jpbmcrand0In0.eyJtb25pdG9yaW5nX2lkIjo0LCJhdWQiOiJmbGVldHdpc2UtbW9uaXRvcmluZyIsInN1YiI6Im1vbml0b3Jpbmc6NCIsImlhdCI6MTc5NTUxOTcyNiwiZXhwIjoxNzk1NjA2MDcwfQ.g7627Gj0q9DVcTgpPPOtrv9R7cdT_Pe9rq1Y6ZIZiR0');
await p.waitForSelector('[data-testid="recorded-video"] video', { timeout: 30000 });
await p.waitForTimeout(2000);
console.log(await p.evaluate(async () => {
  const v = document.querySelector('[data-testid="recorded-video"] video');
  const r = await fetch(v.src); const blob = await r.blob();
  return { src: v.src, err: v.error?.code, msg: v.error?.message, rs: v.readyState, size: blob.size, type: blob.type };
}));
await b.close();
