/**
 * NOTE: a Vite plugin that resolves Panda's class names at build time. `css({...})` and recipe calls
 * (`button({ variant: 'primary' })`, `field()`) whose arguments are literals are replaced by the class names Panda's
 * own generated functions answer for them (run here, in Node), so browsers download neither the call's style
 * object nor, once no call is left, Panda's `css()` and recipe runtime. Rules for callers:
 * - Only literal arguments are resolved (objects, arrays, strings, numbers, booleans, null, nested): a call with a
 *   variable, a spread or a condition stays a runtime call, and keeps the runtime in that page's bundle
 *   (`SAVEPOINT_CSS_REPORT=1 npm run build` lists them).
 * - A recipe called with variables as variant values (`button({ variant, size })`) becomes a lookup in a table of
 *   every combination of the values its variant map allows (and `undefined`), worked out by Panda here; a value
 *   outside the map (a responsive object, null: the types let some through) gets the classes of the fixed values
 *   and the recipe's defaults, not nothing.
 * - Panda still scans the untouched sources for its stylesheet (`panda codegen` + PostCSS), so every class named
 *   here exists in the CSS; the plugin changes the browser bundle only.
 * - Panda's generated modules are marked free of side effects so that unused ones leave the bundle.
 */
import MagicString from 'magic-string';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Resolver = ((...args: unknown[]) => unknown) & {
  variantMap?: Record<string, string[]>;
  getVariantProps?: (props: object) => Record<string, unknown>;
};
const NOT_STATIC = Symbol('not static');

/** The value of a literal expression, or NOT_STATIC. */
function literal(node: Node): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value instanceof RegExp ? NOT_STATIC : node.value;
    case 'TemplateLiteral': {
      const quasis = node.quasis as { value: { cooked: string } }[];
      return (node.expressions as Node[]).length === 0 ? quasis[0]!.value.cooked : NOT_STATIC;
    }
    case 'UnaryExpression': {
      const value = literal(node.argument as Node);
      return node.operator === '-' && typeof value === 'number' ? -value : NOT_STATIC;
    }
    case 'ArrayExpression': {
      const items = (node.elements as (Node | null)[]).map((e) => (e ? literal(e) : NOT_STATIC));
      return items.includes(NOT_STATIC) ? NOT_STATIC : items;
    }
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {};
      for (const prop of node.properties as Node[]) {
        if (prop.type !== 'Property' || prop.computed || prop.kind !== 'init' || prop.method) return NOT_STATIC;
        const key = prop.key as Node;
        const name = key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : null;
        const value = literal(prop.value as Node);
        if (name === null || value === NOT_STATIC) return NOT_STATIC;
        object[name] = value;
      }
      return object;
    }
    default:
      return NOT_STATIC;
  }
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) for (const child of node) walk(child, visit);
  else if (node && typeof node === 'object' && typeof (node as Node).type === 'string') {
    visit(node as Node);
    for (const [key, child] of Object.entries(node)) if (key !== 'type' && child && typeof child === 'object') walk(child, visit);
  }
}

/**
 * The values a variant may take at run time: those of its map (booleans for 'true'/'false'), and undefined unless
 * the recipe has a default for it (the lookup's key then reads undefined as that default).
 */
function candidates(values: string[], hasDefault: boolean): unknown[] {
  const all = values.flatMap((v): unknown[] => (v === 'true' || v === 'false' ? [true, false] : [v]));
  return hasDefault ? [...new Set(all)] : [...new Set(all), undefined];
}

/**
 * `recipe({ a: 'x', b: someVariable })` as an expression indexing a table of every value `b` may take (the key is
 * the variables' values joined by '|'), or null when the call is not of that shape.
 */
function variantTable(fn: Resolver, arg: Node, code: string): { table: Record<string, unknown>; key: string; fallback: unknown } | null {
  const map = fn.variantMap;
  if (!map || arg.type !== 'ObjectExpression') return null;
  const fixed: Record<string, unknown> = {};
  const dynamic: { name: string; source: string }[] = [];
  for (const prop of arg.properties as Node[]) {
    if (prop.type !== 'Property' || prop.computed || prop.kind !== 'init') return null;
    const key = prop.key as Node;
    const name = key.type === 'Identifier' ? (key.name as string) : null;
    if (!name || !map[name]) return null;
    const value = literal(prop.value as Node);
    if (value === NOT_STATIC) {
      const node = prop.value as Node;
      dynamic.push({ name, source: code.slice(node.start, node.end) });
    } else fixed[name] = value;
  }
  const defaults = fn.getVariantProps?.({}) ?? {};
  let combos: Record<string, unknown>[] = [{}];
  for (const { name } of dynamic)
    combos = combos.flatMap((c) => candidates(map[name]!, defaults[name] !== undefined).map((v) => ({ ...c, [name]: v })));
  const table: Record<string, unknown> = {};
  for (const combo of combos) table[dynamic.map((d) => String(combo[d.name])).join('|')] = fn({ ...fixed, ...combo });
  const keyOf = (d: { name: string; source: string }) =>
    defaults[d.name] === undefined ? `String(${d.source})` : `String((${d.source}) ?? ${JSON.stringify(defaults[d.name])})`;
  return { table, key: dynamic.map(keyOf).join(` + '|' + `), fallback: fn({ ...fixed }) };
}

export function staticClassNames(root: string): Plugin {
  const system = path.join(root, 'styled-system') + path.sep;
  let resolvers: { css: Record<string, Resolver>; recipes: Record<string, Resolver> } | null = null;
  const left: string[] = [];
  return {
    name: 'savepoint:static-class-names',
    enforce: 'post',
    applyToEnvironment: (env) => env.config.consumer === 'client' && env.config.command === 'build',
    async buildStart() {
      const load = (file: string) => import(pathToFileURL(path.join(system, file)).href) as Promise<Record<string, Resolver>>;
      resolvers = { css: await load('css/index.mjs'), recipes: await load('recipes/index.mjs') };
    },
    transform(code, id) {
      if (id.startsWith(system) && id.endsWith('.mjs')) return { code, map: null, moduleSideEffects: false };
      if (!resolvers || !/\.[jt]sx?$/.test(id.split('?')[0]!) || !code.includes('styled-system/')) return null;
      const ast = this.parse(code) as unknown as Node;
      // Local names bound to Panda's functions by this module's imports.
      const bound = new Map<string, Resolver>();
      for (const statement of ast.body as Node[]) {
        if (statement.type !== 'ImportDeclaration') continue;
        const from = (statement.source as Node).value as string;
        const kind = /styled-system\/css(\/index\.mjs)?$/.test(from)
          ? 'css'
          : /styled-system\/recipes(\/index\.mjs)?$/.test(from)
            ? 'recipes'
            : null;
        if (!kind) continue;
        for (const spec of statement.specifiers as Node[]) {
          const imported = ((spec.imported as Node | undefined)?.name ?? '') as string;
          const fn = resolvers[kind][imported];
          if (spec.type === 'ImportSpecifier' && (kind === 'recipes' || imported === 'css') && typeof fn === 'function')
            bound.set((spec.local as Node).name as string, fn);
        }
      }
      if (bound.size === 0) return null;
      const out = new MagicString(code);
      const tables: string[] = [];
      walk(ast, (node) => {
        if (node.type !== 'CallExpression') return;
        const callee = node.callee as Node;
        const fn = callee.type === 'Identifier' ? bound.get(callee.name as string) : undefined;
        if (!fn) return;
        const args = (node.arguments as Node[]).map(literal);
        if (!args.includes(NOT_STATIC)) {
          out.overwrite(node.start, node.end, `(${JSON.stringify(fn(...args))})`);
          return;
        }
        const lookup = args.length === 1 ? variantTable(fn, (node.arguments as Node[])[0]!, code) : null;
        if (lookup) {
          const name = `__pandaClasses${tables.length}`;
          tables.push(`const ${name} = ${JSON.stringify(lookup.table)};`);
          out.overwrite(node.start, node.end, `(${name}[${lookup.key}] ?? ${JSON.stringify(lookup.fallback)})`);
          return;
        }
        left.push(`${path.relative(root, id)}: ${code.slice(node.start, Math.min(node.end, node.start + 80))}`);
      });
      if (tables.length > 0) out.prepend(`${tables.join('\n')}\n`);
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: 'boundary' }) } : null;
    },
    buildEnd() {
      if (process.env.SAVEPOINT_CSS_REPORT === '1' && left.length > 0)
        console.log(`Panda calls resolved at run time (${left.length}):\n  ${left.join('\n  ')}`);
    },
  };
}
