// Drives headless Chromium through the DevTools protocol over a pipe (--remote-debugging-pipe),
// with Node alone: no npm package. Used by tests/ui/tst_lessonpage.cpp.
//
//   node browserpage.mjs CHROMIUM URL ACTIONS.json [--width W] [--height H] [--reduced-motion]
//                        [--also URL2]
//
// Opens URL at W x H (default 1280 x 800) and runs the actions in order; prints one JSON object:
// {"results": [one per action], "requests": [every URL the page asked for, data: URLs aside:
// their bytes are in the page], "blocked": [those other than URL itself (and URL2, a page URL
// embeds), each failed], "errors": [uncaught exceptions and console errors]}.
// Actions: {"key": "ArrowRight"} presses a key (in the frame that has the focus);
// {"eval": "expression"} gives its value (awaited); {"waitFor": "expression"} waits up to 10 s
// for it to be truthy; either with "frame": true runs in the page's first iframe instead;
// {"wait": ms}; {"click": "selector"} waits up to 10 s for the first element it selects,
// scrolls it into view and clicks its middle; {"screenshot": "file.png"} saves the viewport; {"pdf": "file.pdf", "paper": [width,
// height]} prints the page as Chromium's print dialog does by default (inches, default margins,
// no backgrounds).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [chromium, url, actionsFile, ...rest] = process.argv.slice(2);
const option = (name, fallback) => {
  const at = rest.indexOf(name);
  return at >= 0 ? Number(rest[at + 1]) : fallback;
};
const width = option('--width', 1280);
const height = option('--height', 800);
const reducedMotion = rest.includes('--reduced-motion');
const also = rest.includes('--also') ? rest[rest.indexOf('--also') + 1] : null;
const own = (asked) => asked === url || asked === also;
const actions = JSON.parse(readFileSync(actionsFile, 'utf8'));

const profile = mkdtempSync(join(tmpdir(), 'keyscope-chromium-'));
const browser = spawn(chromium, [
  '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--no-first-run',
  '--disable-dev-shm-usage', '--force-device-scale-factor=1', '--remote-debugging-pipe',
  `--user-data-dir=${profile}`, 'about:blank',
], { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });

const toBrowser = browser.stdio[3];
const fromBrowser = browser.stdio[4];
let nextId = 1;
const waiting = new Map();
const listeners = [];
let buffer = '';
fromBrowser.on('data', (chunk) => {
  buffer += chunk.toString('utf8');
  let end;
  while ((end = buffer.indexOf('\0')) >= 0) {
    const message = JSON.parse(buffer.slice(0, end));
    buffer = buffer.slice(end + 1);
    if (message.id && waiting.has(message.id)) {
      const { resolve, reject } = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) reject(new Error(JSON.stringify(message.error)));
      else resolve(message.result);
    } else if (message.method) {
      for (const listener of listeners) listener(message);
    }
  }
});

function send(method, params = {}, sessionId = undefined) {
  const id = nextId++;
  toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}

const requests = [];
const blocked = [];
const errors = [];
// A data: URL's bytes are inside the page (the lesson page's fonts): nothing is asked of anywhere,
// so it is neither a request nor blocked.
const isInline = (asked) => asked.startsWith('data:');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const keys = {
  ArrowRight: 39, ArrowLeft: 37, ArrowUp: 38, ArrowDown: 40, PageUp: 33, PageDown: 34,
  Home: 36, End: 35, ' ': 32, Enter: 13, Tab: 9,
};
const codes = { ' ': 'Space' };

async function run() {
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const page = (method, params) => send(method, params, sessionId);
  let loaded = null;
  const contexts = new Map(); // frame id -> its default execution context
  listeners.push((m) => {
    if (m.sessionId !== sessionId) return;
    if (m.method === 'Runtime.executionContextCreated') {
      const { id, auxData } = m.params.context;
      if (auxData && auxData.isDefault) contexts.set(auxData.frameId, id);
    }
    if (m.method === 'Fetch.requestPaused') {
      const asked = m.params.request.url;
      if (isInline(asked)) {
        page('Fetch.continueRequest', { requestId: m.params.requestId });
        return;
      }
      requests.push(asked);
      if (own(asked)) {
        page('Fetch.continueRequest', { requestId: m.params.requestId });
      } else {
        blocked.push(asked);
        page('Fetch.failRequest', { requestId: m.params.requestId, errorReason: 'BlockedByClient' });
      }
    } else if (m.method === 'Network.requestWillBeSent') {
      const asked = m.params.request.url;
      if (isInline(asked)) return;
      if (!requests.includes(asked)) requests.push(asked);
      if (!own(asked) && !blocked.includes(asked)) blocked.push(asked);
    } else if (m.method === 'Runtime.exceptionThrown') {
      errors.push(m.params.exceptionDetails.exception?.description
        || m.params.exceptionDetails.text);
    } else if (m.method === 'Runtime.consoleAPICalled' && m.params.type === 'error') {
      errors.push(m.params.args.map((a) => a.value ?? a.description).join(' '));
    } else if (m.method === 'Page.loadEventFired' && loaded) {
      loaded();
    }
  });
  await page('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
  await page('Network.enable');
  await page('Page.enable');
  await page('Runtime.enable');
  await page('Emulation.setDeviceMetricsOverride',
    { width, height, deviceScaleFactor: 1, mobile: false });
  if (reducedMotion) {
    await page('Emulation.setEmulatedMedia',
      { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
  }
  const load = new Promise((resolve) => { loaded = resolve; });
  await page('Page.navigate', { url });
  await Promise.race([load, sleep(15000)]);

  const frameContext = async () => {
    const { frameTree } = await page('Page.getFrameTree');
    const child = (frameTree.childFrames || [])[0];
    if (!child || !contexts.has(child.frame.id)) throw new Error('the page has no iframe');
    return contexts.get(child.frame.id);
  };
  const evaluate = async (expression, inFrame = false) => {
    const contextId = inFrame ? await frameContext() : undefined;
    const r = await page('Runtime.evaluate',
      { expression, returnByValue: true, awaitPromise: true, contextId });
    if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.exception?.description}`);
    return r.result.value;
  };
  const results = [];
  for (const action of actions) {
    if (action.key !== undefined) {
      const code = keys[action.key] ?? action.key.toUpperCase().charCodeAt(0);
      const base = { key: action.key, code: codes[action.key] ?? action.key,
        windowsVirtualKeyCode: code, nativeVirtualKeyCode: code };
      const text = action.key.length === 1 ? { text: action.key } : {};
      await page('Input.dispatchKeyEvent', { type: 'keyDown', ...base, ...text });
      await page('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
      results.push(true);
    } else if (action.eval !== undefined) {
      results.push(await evaluate(action.eval, action.frame));
    } else if (action.waitFor !== undefined) {
      let ok = false;
      for (let i = 0; i < 200 && !ok; ++i) {
        ok = Boolean(await evaluate(action.waitFor, action.frame));
        if (!ok) await sleep(50);
      }
      results.push(ok);
    } else if (action.wait !== undefined) {
      await sleep(action.wait);
      results.push(true);
    } else if (action.click !== undefined) {
      // The element may be drawn a frame or two after what made it (a busy machine's timers
      // lag): looked for up to 10 s, as waitFor does.
      let at = null;
      for (let i = 0; i < 200 && !at; ++i) {
        at = await evaluate(`(() => { const e = document.querySelector(${JSON.stringify(action.click)});
          if (!e) return null; e.scrollIntoView({block: 'center', behavior: 'instant'});
          const r = e.getBoundingClientRect();
          return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()`);
        if (!at) await sleep(50);
      }
      if (at) {
        for (const type of ['mousePressed', 'mouseReleased']) {
          await page('Input.dispatchMouseEvent', { type, x: at.x, y: at.y, button: 'left', clickCount: 1 });
        }
      }
      results.push(Boolean(at));
    } else if (action.screenshot !== undefined) {
      const shot = await page('Page.captureScreenshot', { format: 'png' });
      writeFileSync(action.screenshot, Buffer.from(shot.data, 'base64'));
      results.push(true);
    } else if (action.pdf !== undefined) {
      const [paperWidth, paperHeight] = action.paper;
      const printed = await page('Page.printToPDF', { paperWidth, paperHeight });
      writeFileSync(action.pdf, Buffer.from(printed.data, 'base64'));
      results.push(true);
    }
  }
  return results;
}

let output;
try {
  const results = await Promise.race([run(), sleep(90000).then(() => { throw new Error('timed out'); })]);
  output = { results, requests, blocked, errors };
} catch (error) {
  output = { failure: String(error), requests, blocked, errors };
}
process.stdout.write(`${JSON.stringify(output)}\n`);
browser.kill();
await new Promise((resolve) => { browser.on('exit', resolve); setTimeout(resolve, 3000); });
try {
  rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
} catch {
  // A browser still closing may keep writing its profile: leave it to the system's tmp cleaning.
}
process.exit(output.failure ? 1 : 0);
