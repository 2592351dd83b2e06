// Mantine's stylesheet without the components the app does not use (issue 17, ADR 0021). `@mantine/core/styles.css`
// holds every component's rules (255 KB, 37 KB gzipped), and it blocks the first paint: the browser downloads and
// parses all of it, and matches every element against it at each style recalculation. Each component's rules hang on
// its own generated classes (`.m_` and eight hex digits), which its code names; after the build, a selector that
// names a class no chunk names can match no element, and is dropped. Everything else stays: the variables, the
// global rules, the rules of every component any chunk holds (all screens, not only the first), and our own CSS
// modules. Importing Mantine's per-component stylesheets by hand would do the same, but a component added later
// without its stylesheet (or one another needs) would show unstyled; this follows the code.
import postcss, { type Root } from 'postcss';
import type { Plugin, Rollup } from 'vite';

const mantineClass = /\bm_[0-9a-f]{8}\b/g;

/** The generated classes that the code of the chunks names. */
export function classesNamedIn(code: Iterable<string>): Set<string> {
  const named = new Set<string>();
  for (const text of code) for (const match of text.matchAll(mantineClass)) named.add(match[0]);
  return named;
}

/** The stylesheet without the selectors that name a generated class outside `named`, and rules left empty. */
export function withoutUnusedRules(css: string, named: ReadonlySet<string>): string {
  const root: Root = postcss.parse(css);
  root.walkRules((rule) => {
    // Keyframe steps (from, 50%, to) are not selectors of elements.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
    const kept = rule.selectors.filter((selector) =>
      [...selector.matchAll(mantineClass)].every((match) => named.has(match[0])),
    );
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // @media, @supports, @layer, … that held only dropped rules.
  root.walkAtRules((atRule) => {
    if (atRule.nodes !== undefined && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}

export function unusedMantineCss(): Plugin {
  return {
    name: 'portal-unused-mantine-css',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const named = classesNamedIn(chunks.map((chunk) => chunk.code));
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const css = typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
        if (!css.includes('.m_')) continue;
        file.source = withoutUnusedRules(css, named);
      }
    },
  };
}
