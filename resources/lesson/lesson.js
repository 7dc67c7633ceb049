// Keyscope lesson page: plays the traversal drawn in each inline SVG by setting the time of its
// CSS animations (they stand paused), as the app's player sets its one clock. Play, pause,
// step, scrub and go-to-end are all "set the time". With several designs, one clock drives
// them step by step: each step lasts as long as the longest design's, and a design with fewer
// steps holds its last one. Predict mode asks the embedded questions before their steps.
'use strict';
(() => {
  const data = JSON.parse(document.getElementById('lesson-data').textContent);
  const $ = (id) => document.getElementById(id);
  const reducedQuery = window.matchMedia('(prefers-reduced-motion: reduce)');
  let reduced = reducedQuery.matches;

  const designs = data.designs.map((d, index) => {
    const figure = document.querySelector(`.design[data-design="${index}"]`);
    const svg = figure.querySelector('svg.diagram');
    svg.style.setProperty('--natural-width', `${svg.getAttribute('width')}px`);
    return { ...d, index, figure, svg, animations: svg.getAnimations({ subtree: true }) };
  });

  // The shared clock: global step i starts at steps[i].start and lasts the longest design's.
  const steps = [];
  let total = 0;
  const stepCount = Math.max(0, ...designs.map((d) => d.steps.length));
  for (let i = 0; i < stepCount; ++i) {
    let duration = 0;
    let share = 0.6;
    for (const d of designs) {
      const s = d.steps[i];
      if (s && s.duration >= duration) {
        duration = s.duration;
        share = s.duration > 0 ? (s.settled - s.start) / s.duration : 0;
      }
    }
    steps.push({ start: total, duration, settled: total + Math.round(duration * share) });
    total += duration;
  }

  // The step showing at a time; stepCount at or past the end (the final state).
  function stepAt(t) {
    if (t >= total) return stepCount;
    let lo = 0;
    let hi = stepCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (steps[mid].start <= t) lo = mid; else hi = mid - 1;
    }
    return lo;
  }
  const settledOf = (i) => (i >= stepCount ? total : steps[i].settled);
  // Where the clock holds while the questions before step i are asked: step i - 1 landed, just
  // short of step i (show() looks a millisecond ahead).
  const holdBefore = (i) => Math.max(0, steps[i].start - 2);

  // A design's own time at a global time.
  function localTime(d, t) {
    if (t >= total || d.steps.length === 0) return d.total;
    const i = stepAt(t);
    const last = d.steps[d.steps.length - 1];
    if (i >= d.steps.length) return last.settled;
    const g = steps[i];
    const s = d.steps[i];
    const f = g.duration > 0 ? (t - g.start) / g.duration : 1;
    return s.start + f * s.duration;
  }

  function narrationOf(d, i) {
    if (i >= stepCount || d.steps.length === 0) return d.final;
    return d.steps[Math.min(i, d.steps.length - 1)].narration;
  }

  // --- the view -----------------------------------------------------------------------------
  const narrations = $('narrations');
  for (const d of designs) {
    d.narration = document.createElement('p');
    d.narration.className = 'narration';
    narrations.appendChild(d.narration);
    d.items = [...d.figure.querySelectorAll('.transcript li')];
  }
  const scrub = $('scrub');
  scrub.max = String(total);

  const state = { t: 0, step: -1, playing: false, stopAt: null, last: null, speed: 1 };

  function show(t, follow) {
    state.t = Math.max(0, Math.min(total, t));
    const shown = reduced ? settledOf(stepAt(state.t)) : state.t;
    for (const d of designs) {
      // A millisecond past the time: keyframe offsets are rounded percentages.
      const ms = Math.min(localTime(d, shown), d.total) + 1;
      for (const a of d.animations) a.currentTime = ms;
    }
    scrub.value = String(Math.round(state.t));
    const i = stepAt(state.t);
    if (i !== state.step) {
      state.step = i;
      stepChanged(i, follow);
    }
  }

  function stepChanged(i, follow) {
    $('position').textContent = i >= stepCount ? 'End' : `Step ${i + 1}/${stepCount}`;
    for (const d of designs) {
      d.narration.textContent = '';
      if (d.label) {
        const b = document.createElement('b');
        b.textContent = `${d.label}:`;
        d.narration.append(b, ' ');
      }
      d.narration.append(narrationOf(d, i));
      d.items.forEach((li, k) => li.classList.toggle('current', k === Math.min(i, d.items.length - 1)
        && (i < d.steps.length || k === d.items.length - 1)));
    }
    if (follow) keepInView(designs.map((d) => d.steps[i] && d.steps[i].y));
    if (predict.on && i >= stepCount) showScore(true);
  }

  // Scrolls the page so that diagram heights `ys` (one per design) are in view, below a panel
  // that sits over the diagrams.
  function keepInView(ys) {
    let top = 0;
    const panel = document.querySelector('.panel').getBoundingClientRect();
    for (const d of designs) {
      const y = ys[d.index];
      if (y === undefined) continue;
      const box = d.svg.getBoundingClientRect();
      if (panel.left < box.right && panel.right > box.left && panel.top <= 1) top = panel.bottom;
      const at = box.top + (y * box.height) / Number(d.svg.getAttribute('height'));
      const margin = 60;
      if (at < top + margin || at > window.innerHeight - margin) {
        const delta = at - (top + window.innerHeight) / 2;
        window.scrollBy({ top: delta, behavior: reduced ? 'auto' : 'smooth' });
        return;
      }
    }
  }

  // --- the transport ------------------------------------------------------------------------
  function setPlaying(on) {
    state.playing = on;
    state.last = null;
    document.body.classList.toggle('playing', on);
    $('play').setAttribute('aria-label', on ? 'Pause' : 'Play');
    $('play').title = on ? 'Pause (Space)' : 'Play (Space)';
    if (on) requestAnimationFrame(tick);
  }

  function tick(now) {
    if (!state.playing) return;
    const dt = state.last === null ? 0 : now - state.last;
    state.last = now;
    let t = state.t + dt * state.speed;
    const stop = state.stopAt === null ? total : state.stopAt;
    // Predict mode: the clock stops before a step with a question not answered yet.
    const from = stepAt(state.t);
    for (let s = from + 1; predict.on && s <= Math.min(stepAt(t), stepCount - 1); ++s) {
      if (predict.pending(s)) {
        show(holdBefore(s), true);
        setPlaying(false);
        predict.ask(s, true);
        return;
      }
    }
    if (t >= stop) {
      t = stop;
      state.stopAt = null;
      show(t, true);
      setPlaying(false);
      return;
    }
    show(t, true);
    requestAnimationFrame(tick);
  }

  function play() {
    if (predict.open) return;
    if (state.t >= total) show(0, true);
    if (predict.on && state.t === 0 && predict.ask(0, true)) return;
    state.stopAt = null;
    setPlaying(true);
  }
  function pause() {
    state.stopAt = null;
    setPlaying(false);
  }
  const toggle = () => (state.playing ? pause() : play());

  // The next step, landed: gliding there, or at once under reduced motion.
  function stepForward() {
    if (predict.open) { predict.forward(); return; }
    const inFlight = state.stopAt;
    pause();
    if (inFlight !== null) show(inFlight, true);
    const next = Math.max(0, stepAt(state.t)) + 1;
    if (next > stepCount) return;
    if (predict.on && next < stepCount && predict.pending(next)) {
      show(holdBefore(next), true);
      predict.ask(next, true);
      return;
    }
    runTo(settledOf(next));
  }
  function runTo(target) {
    if (target <= state.t) return;
    if (reduced) { show(target, true); return; }
    state.stopAt = target;
    setPlaying(true);
  }
  function stepBack() {
    pause();
    predict.close();
    show(settledOf(Math.max(0, stepAt(state.t) - 1)), true);
  }
  function goTo(step) {
    pause();
    predict.close();
    show(step === 'end' ? total : settledOf(Number(step)), true);
  }
  function goStart() {
    pause();
    predict.close();
    show(0, true);
    if (predict.on) predict.ask(0, true);
  }
  function goEnd() {
    pause();
    predict.close();
    show(total, true);
  }

  $('play').addEventListener('click', toggle);
  $('forward').addEventListener('click', stepForward);
  $('back').addEventListener('click', stepBack);
  $('end').addEventListener('click', goEnd);
  $('restart').addEventListener('click', () => { goStart(); play(); });
  scrub.addEventListener('input', () => { predict.close(); show(Number(scrub.value), false); });
  $('speed').addEventListener('change', (e) => { state.speed = Number(e.target.value); });
  for (const button of document.querySelectorAll('.goto')) {
    button.addEventListener('click', () => goTo(button.dataset.step));
  }

  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target instanceof Element ? e.target : document.body;
    const own = target.closest('.question, .transcript, select, summary');
    const handled = {
      ' ': () => { if (own) return false; toggle(); return true; },
      ArrowRight: () => { stepForward(); return true; },
      PageDown: () => { stepForward(); return true; },
      ArrowLeft: () => { stepBack(); return true; },
      PageUp: () => { stepBack(); return true; },
      Home: () => { goStart(); return true; },
      End: () => { goEnd(); return true; },
      ArrowDown: () => predict.move(1),
      ArrowUp: () => predict.move(-1),
    }[e.key];
    const digit = /^[1-9]$/.test(e.key) ? () => predict.choose(Number(e.key) - 1) : null;
    const action = handled || digit;
    if (action && action()) e.preventDefault();
  });

  const openAll = () => document.querySelectorAll('details').forEach((d) => {
    d.dataset.wasOpen = d.open ? '1' : '';
    d.open = true;
  });
  const restore = () => document.querySelectorAll('details').forEach((d) => {
    d.open = d.dataset.wasOpen === '1';
  });
  window.addEventListener('beforeprint', openAll);
  window.addEventListener('afterprint', restore);
  reducedQuery.addEventListener('change', () => {
    reduced = reducedQuery.matches;
    show(state.t, false);
  });

  // --- predict mode -------------------------------------------------------------------------
  const predict = makePredict(data.predict, designs[0]);

  function showScore(final) {
    const el = $('score');
    el.hidden = false;
    el.textContent = final ? predict.summary() : predict.running();
  }

  function makePredict(input, design) {
    const none = {
      on: false, open: null, pending: () => false, ask: () => false, close() {},
      forward() {}, move: () => false, choose: () => false, summary: () => '', running: () => '',
    };
    if (!input || !input.lesson) return none;
    const questions = input.lesson.questions;
    const titles = new Map(input.kinds);
    const rowY = input.rowY || {};
    const answers = new Map(); // question id -> the first choice given
    const p = { ...none, on: true };
    $('predict-toggle').hidden = false;
    $('predict').checked = true;
    document.body.classList.add('predicting');
    $('predict').addEventListener('change', (e) => {
      p.on = e.target.checked;
      document.body.classList.toggle('predicting', p.on);
      if (!p.on) p.close();
    });

    const overlay = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    overlay.setAttribute('class', 'overlay');
    overlay.setAttribute('viewBox', design.svg.getAttribute('viewBox'));
    overlay.setAttribute('aria-hidden', 'true');
    design.svg.after(overlay);
    const sizeOverlay = () => {
      overlay.style.width = `${design.svg.clientWidth}px`;
      overlay.style.height = `${design.svg.clientHeight}px`;
    };
    window.addEventListener('resize', sizeOverlay);

    p.pending = (step) => questions.some((q) => q.step === step && !answers.has(q.id));

    p.ask = (step, follow) => {
      const q = questions.find((x) => x.step === step && !answers.has(x.id));
      if (!q) return false;
      p.open = q;
      render(q, follow);
      return true;
    };

    function render(q, follow) {
      const box = $('question');
      box.hidden = false;
      box.textContent = '';
      const h = document.createElement('h2');
      h.textContent = `Question ${questions.indexOf(q) + 1} of ${questions.length} · ${titles.get(q.kind)}`;
      const prompt = document.createElement('p');
      prompt.className = 'prompt';
      prompt.textContent = q.prompt;
      const list = document.createElement('ol');
      list.className = 'choices';
      q.choices.forEach((c, k) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.choice = c.id;
        const n = document.createElement('span');
        n.className = 'n';
        n.textContent = String(k + 1);
        b.append(n, c.text);
        b.addEventListener('click', () => answer(c.id));
        b.addEventListener('mouseenter', () => hot(c.id, true));
        b.addEventListener('mouseleave', () => hot(c.id, false));
        li.appendChild(b);
        list.appendChild(li);
      });
      const feedback = document.createElement('div');
      feedback.className = 'feedback';
      box.append(h, prompt, list, feedback);
      drawRows(q, follow);
      showScore(false);
    }

    // The rows a question names, outlined and clickable; not for "which sorts first", whose
    // rows' places would tell the answer.
    function drawRows(q, follow) {
      overlay.textContent = '';
      sizeOverlay();
      if (q.kind === 'keyOrder') return;
      const g = design.rows;
      let firstY;
      for (const c of q.choices) {
        const y = c.row === undefined ? undefined : rowY[c.row];
        if (y === undefined) continue;
        if (firstY === undefined) firstY = y;
        const r = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
        r.setAttribute('class', 'choice-row');
        r.setAttribute('x', g.left + 1);
        r.setAttribute('y', y - g.pitch / 2 + 1);
        r.setAttribute('width', g.width - 2);
        r.setAttribute('height', g.pitch - 2);
        r.dataset.choice = c.id;
        const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
        title.textContent = c.text;
        r.appendChild(title);
        r.addEventListener('click', () => answer(c.id));
        overlay.appendChild(r);
      }
      const rows = (q.rows || []).map((row) => rowY[row]).filter((y) => y !== undefined);
      if (follow && rows.length) keepInView([rows[0]]);
      else if (follow && firstY !== undefined) keepInView([firstY]);
    }

    function hot(id, on) {
      for (const el of document.querySelectorAll(`[data-choice="${CSS.escape(id)}"]`)) {
        el.classList.toggle('hot', on);
      }
    }

    function answer(id) {
      const q = p.open;
      if (!q || q.answered) return;
      q.answered = true;
      if (!answers.has(q.id)) answers.set(q.id, id);
      const right = id === q.answer;
      for (const el of document.querySelectorAll('[data-choice]')) {
        const c = el.dataset.choice;
        if (c === q.answer) el.classList.add('right');
        else if (c === id) el.classList.add('wrong');
        if (el.tagName === 'BUTTON') el.disabled = true;
      }
      const feedback = $('question').querySelector('.feedback');
      const verdict = document.createElement('p');
      verdict.className = `verdict ${right ? 'right' : 'wrong'}`;
      const answerText = (q.choices.find((c) => c.id === q.answer) || {}).text || q.answer;
      verdict.textContent = right ? 'Right.' : `Not quite: ${answerText}.`;
      const why = document.createElement('p');
      why.className = 'explanation';
      why.textContent = q.explanation;
      const next = document.createElement('button');
      next.type = 'button';
      next.className = 'continue';
      next.textContent = 'Continue';
      next.addEventListener('click', () => p.forward());
      feedback.append(verdict, why, next);
      next.focus({ preventScroll: true });
      showScore(false);
    }

    p.close = () => {
      if (!p.open) return;
      delete p.open.answered;
      p.open = null;
      $('question').hidden = true;
      overlay.textContent = '';
    };

    // Right, Page Down, Continue: answers the choice in focus, or, once answered, plays on up to
    // the next question (the app's predict mode does the same).
    p.forward = () => {
      const q = p.open;
      if (!q) return;
      if (!q.answered) {
        const focused = document.activeElement;
        if (focused && focused.dataset && focused.dataset.choice) answer(focused.dataset.choice);
        else p.move(1);
        return;
      }
      p.close();
      if (!p.ask(q.step, true)) play();
    };

    p.move = (by) => {
      if (!p.open || p.open.answered) return false;
      const buttons = [...document.querySelectorAll('.question .choices button')];
      const at = buttons.indexOf(document.activeElement);
      const to = at < 0 ? (by > 0 ? 0 : buttons.length - 1)
        : (at + by + buttons.length) % buttons.length;
      buttons[to].focus();
      return true;
    };

    p.choose = (k) => {
      if (!p.open || p.open.answered || k >= p.open.choices.length) return false;
      answer(p.open.choices[k].id);
      return true;
    };

    const tally = () => {
      const kinds = new Map(input.kinds.map(([name]) => [name, { right: 0, answered: 0 }]));
      let right = 0;
      for (const q of questions) {
        if (!answers.has(q.id)) continue;
        const k = kinds.get(q.kind);
        k.answered += 1;
        const ok = answers.get(q.id) === q.answer;
        k.right += ok ? 1 : 0;
        right += ok ? 1 : 0;
      }
      return { right, answered: answers.size, kinds };
    };
    // As the app's score (model::Score::summary): "7 of 9 right (78%). Which sorts first: 2 of 3 · ...".
    p.summary = () => {
      const { right, answered, kinds } = tally();
      if (answered === 0) return 'No questions answered.';
      const parts = [...kinds].filter(([, k]) => k.answered > 0)
        .map(([name, k]) => `${titles.get(name)}: ${k.right} of ${k.answered}`);
      return `${right} of ${answered} right (${Math.round((100 * right) / answered)}%). ${parts.join(' \u00b7 ')}.`;
    };
    p.running = () => {
      const { right, answered } = tally();
      return `Score: ${right} of ${answered} right`;
    };
    return p;
  }

  show(0, false);
  if (predict.on) predict.ask(0, false);
})();
