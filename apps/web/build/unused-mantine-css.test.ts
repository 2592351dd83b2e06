import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { classesNamedIn, withoutUnusedRules } from './unused-mantine-css';

describe("Mantine's stylesheet without unused components", () => {
  it('finds the generated classes that the code names', () => {
    const named = classesNamedIn(['const classes = { root: "m_77c9d27d", inner: "m_80f1301b" };', 'x m_1234abcd']);
    expect([...named].sort()).toEqual(['m_1234abcd', 'm_77c9d27d', 'm_80f1301b']);
  });

  it('drops the selectors of unnamed classes and the rules and blocks left empty, and keeps everything else', () => {
    const css = [
      ':root{--mantine-color-blue-6:#228be6}',
      'body{margin:0}',
      '.m_11111111{color:red}',
      '.m_22222222{color:blue}',
      '.m_11111111 .m_22222222,.m_11111111:hover{color:green}',
      '@media (max-width:40em){.m_22222222{display:none}}',
      '@keyframes m_33333333{from{opacity:0}to{opacity:1}}',
      '._shell_1bgzj_1{display:flex}',
    ].join('');
    const kept = withoutUnusedRules(css, new Set(['m_11111111']));
    expect(kept).toContain(':root{--mantine-color-blue-6:#228be6}');
    expect(kept).toContain('body{margin:0}');
    expect(kept).toContain('.m_11111111{color:red}');
    expect(kept).toContain('.m_11111111:hover{color:green}');
    expect(kept).not.toContain('m_22222222');
    expect(kept).not.toContain('@media');
    expect(kept).toContain('@keyframes m_33333333{from{opacity:0}to{opacity:1}}');
    expect(kept).toContain('._shell_1bgzj_1{display:flex}');
  });

  it("keeps every rule of Mantine's own stylesheet when the code names all its classes", () => {
    const require = createRequire(import.meta.url);
    const css = readFileSync(require.resolve('@mantine/core/styles.css'), 'utf8');
    const all = classesNamedIn([css]);
    expect(all.size).toBeGreaterThan(300);
    expect(withoutUnusedRules(css, all).length).toBe(css.length);
    // And most of it goes when the code names only a button's classes.
    expect(withoutUnusedRules(css, new Set(['m_77c9d27d', 'm_80f1301b'])).length).toBeLessThan(css.length / 2);
  });
});
