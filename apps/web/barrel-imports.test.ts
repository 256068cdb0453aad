import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { barrelMap, rewriteBarrelImports } from './barrel-imports.ts';

const require = createRequire(import.meta.url);
const index = (library: string) => readFileSync(require.resolve(`${library}/es/index.js`), 'utf8');
const maps = {
  'antd-mobile': barrelMap('antd-mobile', index('antd-mobile')),
  'antd-mobile-icons': barrelMap('antd-mobile-icons', index('antd-mobile-icons')),
  ahooks: barrelMap('ahooks', index('ahooks')),
};
const sideEffects = { 'antd-mobile': 'antd-mobile/es/global' };

describe("antd-mobile's components imported from their own modules", () => {
  it('reads every re-export of the installed index files', () => {
    expect(maps['antd-mobile'].get('NoticeBar')).toEqual({
      from: 'antd-mobile/es/components/notice-bar',
      imported: 'default',
    });
    expect(maps['antd-mobile'].get('setDefaultConfig')).toEqual({
      from: 'antd-mobile/es/components/config-provider',
      imported: 'setDefaultConfig',
    });
    expect(maps['antd-mobile-icons'].get('CloseOutline')).toEqual({
      from: 'antd-mobile-icons/es/CloseOutline',
      imported: 'default',
    });
    // ahooks' index imports each hook, then exports them all in one list.
    expect(maps.ahooks.get('useTimeout')).toEqual({
      from: 'ahooks/es/useTimeout',
      imported: 'default',
    });
    expect(maps.ahooks.get('createUpdateEffect')).toEqual({
      from: 'ahooks/es/createUpdateEffect',
      imported: 'createUpdateEffect',
    });
    // Every module the map names exists, so a build cannot import a missing file.
    for (const map of Object.values(maps)) {
      expect(map.size).toBeGreaterThan(60);
      for (const { from } of map.values()) expect(() => require.resolve(from)).not.toThrow();
    }
  });

  it('rewrites named imports, keeps aliases, the global styles first and the line count', () => {
    const code = [
      'import { Button, Toast as Notify, unstableSetRender } from "antd-mobile";',
      "import { CloseOutline } from 'antd-mobile-icons'",
      'export const x = 1;',
    ].join('\n');
    const out = rewriteBarrelImports(code, maps, sideEffects)!;
    expect(out.split('\n')).toHaveLength(3);
    expect(out).toContain(
      'import "antd-mobile/es/global"; import Button from "antd-mobile/es/components/button"; ' +
        'import Notify from "antd-mobile/es/components/toast"; ' +
        'import { unstableSetRender } from "antd-mobile/es/utils/unstable-render";',
    );
    expect(out).toContain('import CloseOutline from "antd-mobile-icons/es/CloseOutline";');
    expect(out).not.toMatch(/from ["']antd-mobile["']/);
    // antd-mobile's own modules import hooks from ahooks' index.
    expect(
      rewriteBarrelImports(
        "import { useIsomorphicLayoutEffect, useMemoizedFn } from 'ahooks';",
        maps,
        sideEffects,
      ),
    ).toBe(
      'import useIsomorphicLayoutEffect from "ahooks/es/useIsomorphicLayoutEffect"; ' +
        'import useMemoizedFn from "ahooks/es/useMemoizedFn";',
    );
    expect(out).toContain('export const x = 1;');
  });

  it('leaves a name the index does not re-export where it was, and other modules alone', () => {
    const out = rewriteBarrelImports(
      'import { Button, NotAComponent } from "antd-mobile";',
      maps,
      sideEffects,
    )!;
    expect(out).toContain('import Button from "antd-mobile/es/components/button";');
    expect(out).toContain('import { NotAComponent } from "antd-mobile";');
    expect(
      rewriteBarrelImports('import x from "antd-mobile/es/locales/en-US";', maps, sideEffects),
    ).toBeNull();
    expect(rewriteBarrelImports('import { useState } from "react";', maps, sideEffects)).toBeNull();
  });
});
