// Chromium's processes as /proc shows them: for the CPU time and memory
// the bench scripts report (savegif.js, render.js --timing).
'use strict';
const fs = require('fs');

// Chromium's processes: the browser and everything under it.
function descendants(root) {
  const parent = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync('/proc/' + d + '/stat', 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch (e) { /* gone */ }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [p, pp] of parent) if (pp === out[i]) out.push(p);
  return out;
}

function procInfo(pid) {
  try {
    const status = fs.readFileSync('/proc/' + pid + '/status', 'utf8');
    const hwm = Number((/VmHWM:\s+(\d+)/.exec(status) || [0, 0])[1]) * 1024;
    const cmd = fs.readFileSync('/proc/' + pid + '/cmdline', 'utf8');
    const stat = fs.readFileSync('/proc/' + pid + '/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpu = (Number(f[11]) + Number(f[12])) / 100; // utime + stime, USER_HZ 100
    return { pid, hwm, renderer: /--type=renderer/.test(cmd), cpu };
  } catch (e) { return null; }
}

// The CPU seconds (utime + stime, to 10 ms) of `browser`'s renderer
// processes so far.
function rendererCpu(browser) {
  return descendants(browser.process().pid).map(procInfo)
    .filter((x) => x && x.renderer).reduce((s, x) => s + x.cpu, 0);
}

module.exports = { descendants, procInfo, rendererCpu };
