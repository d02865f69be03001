import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage();
await p.route('http://x.test/v.mp4', (r) => r.fulfill({ path: '/tmp/monw-srv/rec.mp4', contentType: 'video/mp4' }));
await p.route('http://x.test/', (r) => r.fulfill({ body: '<video id=v muted src="/v.mp4"></video>', contentType: 'text/html' }));
await p.goto('http://x.test/');
console.log(await p.evaluate(() => new Promise((res) => {
  const v = document.getElementById('v');
  const can = v.canPlayType('video/mp4; codecs="avc1.42E01E"');
  setTimeout(() => res({ can, rs: v.readyState, err: v.error?.code, msg: v.error?.message, w: v.videoWidth, d: v.duration, t: v.currentTime, paused: v.paused, nrs: v.networkState }), 3000);
  v.play().catch((e) => console.log(String(e)));
})));
await b.close();
