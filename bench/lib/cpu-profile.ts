// Summarises a V8 CPU profile (`node --cpu-prof`) to where the time went: the top functions by self time, and the
// same time grouped by package (node_modules/<name>), by the portal's own files and by V8/Node internals, so that a
// bench can print in a few lines what a flame graph shows. Open the .cpuprofile itself in Chrome DevTools or
// speedscope for the call stacks.
import fs from 'node:fs';
import path from 'node:path';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] };

export type ProfileShare = { name: string; percent: number };
export type ProfileSummary = { file: string; milliseconds: number; functions: ProfileShare[]; areas: ProfileShare[] };

/** Where a frame's code lives: a package, one of the portal's workspaces, or the runtime. */
function areaOf(url: string, functionName: string): string {
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)')
    return functionName;
  if (!url) return '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const portal = /\/(apps\/[^/]+\/src\/(?:modules\/|connectors\/erp\/|plugins\/|http\/|db\/)?[^/]+)/.exec(url);
  if (portal) return portal[1]!.replace(/\.ts$/, '');
  const workspace = /\/(packages\/[^/]+)\//.exec(url);
  return workspace ? workspace[1]! : path.basename(url);
}

export function summariseProfile(file: string, top = 12): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const hitsByNode = new Map<number, number>();
  for (const sample of profile.samples) hitsByNode.set(sample, (hitsByNode.get(sample) ?? 0) + 1);
  const total = profile.samples.length || 1;
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = hitsByNode.get(node.id) ?? 0;
    if (hits === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    const name = url ? `${functionName || '(anonymous)'} ${area}:${lineNumber + 1}` : functionName || '(anonymous)';
    functions.set(name, (functions.get(name) ?? 0) + hits);
    areas.set(area, (areas.get(area) ?? 0) + hits);
  }
  const ranked = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => ({ name, percent: Math.round((hits / total) * 1000) / 10 }));
  return {
    file,
    milliseconds: Math.round((profile.endTime - profile.startTime) / 1000),
    functions: ranked(functions),
    areas: ranked(areas),
  };
}

export function describeProfile(summary: ProfileSummary, indent = '    '): string {
  const column = (shares: ProfileShare[]) =>
    shares.map((share) => `${indent}  ${String(share.percent).padStart(5)}%  ${share.name}`).join('\n');
  return (
    `${indent}CPU profile (${summary.file}, ${summary.milliseconds} ms): by area\n${column(summary.areas)}\n` +
    `${indent}top functions by self time\n${column(summary.functions)}`
  );
}

/**
 * The newest main-thread .cpuprofile written into `directory`. Node names them CPU.<date>.<time>.<pid>.<thread>.<n>;
 * thread 0 is the main one (tsx's loader runs in another thread and writes its own).
 */
export function newestProfile(directory: string): string | undefined {
  const files = fs
    .readdirSync(directory)
    .filter((name) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(name))
    .map((name) => path.join(directory, name));
  return files.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}
