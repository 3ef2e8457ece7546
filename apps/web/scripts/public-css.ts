/**
 * The stylesheet public pages carry (decision 049): the app's one stylesheet without the rules
 * that only the tenant portal and the back office use. Tailwind writes a rule for every class
 * found anywhere in the app's source; a class a public page can draw is written, as it is in the
 * source, somewhere in the code public pages load (or in their served markup). So a rule is kept
 * when every class in one of its selectors occurs in that code (`used`), and rules without a class
 * (the base layer's element rules, the theme) are kept. The test is a substring test: a class
 * that only occurs inside a longer one (`flex` in `inline-flex`) is kept too — a few bytes too
 * many, never a rule too few. What the kept rules no longer reference (`@property`, keyframes,
 * theme variables, the properties layer's fallbacks) goes as well.
 *
 * It works on the build's minified CSS (Lightning CSS output: nesting flattened, no comments).
 */

type Node =
  | { kind: 'statement'; text: string }
  | { kind: 'block'; prelude: string; children: Node[] }
  | { kind: 'rule'; selector: string; body: string }

/** Index of the `}` closing the block whose `{` is just before `from`, skipping strings. */
function scan(css: string, from: number, stopAt: string): number {
  let quote = ''
  for (let i = from; i < css.length; i++) {
    const c = css[i]
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (c === '\\') i++
    else if (stopAt.includes(c)) return i
  }
  return css.length
}

/** Parses a list of rules and at-rules (the stylesheet, or a block's body). */
export function parse(css: string): Node[] {
  const nodes: Node[] = []
  let i = 0
  while (i < css.length) {
    const stop = scan(css, i, '{;}')
    const head = css.slice(i, stop).trim()
    if (stop >= css.length || css[stop] === '}') {
      if (head) nodes.push({ kind: 'statement', text: head })
      i = stop + 1
      continue
    }
    if (css[stop] === ';') {
      nodes.push({ kind: 'statement', text: `${head};` })
      i = stop + 1
      continue
    }
    // A block: find its matching close.
    let depth = 1
    let j = stop + 1
    while (depth > 0 && j < css.length) {
      const k = scan(css, j, '{}')
      if (k >= css.length) throw new Error('Unbalanced braces in the stylesheet')
      depth += css[k] === '{' ? 1 : -1
      j = k + 1
    }
    const body = css.slice(stop + 1, j - 1)
    if (head.startsWith('@') && !/^@(font-face|property|keyframes|page)\b/.test(head)) {
      nodes.push({ kind: 'block', prelude: head, children: parse(body) })
    } else {
      nodes.push({ kind: 'rule', selector: head, body })
    }
    i = j
  }
  return nodes
}

export function serialize(nodes: Node[]): string {
  return nodes
    .map((n) =>
      n.kind === 'statement'
        ? n.text
        : n.kind === 'block'
          ? `${n.prelude}{${serialize(n.children)}}`
          : `${n.selector}{${n.body}}`,
    )
    .join('')
}

/** Splits a selector list at its top-level commas. */
function splitSelectors(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < list.length; i++) {
    const c = list[i]
    if (c === '\\') i++
    else if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i))
      start = i + 1
    }
  }
  parts.push(list.slice(start))
  return parts
}

/** The class names a selector requires, unescaped (`.a\:b` → `a:b`). */
export function classesOf(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1].replace(/\\(.)/g, '$1'))
}

const varName = /--[\w-]+/g

/**
 * The stylesheet without the rules none of `used` can need. `used` is the text (code and markup)
 * of everything the pages may draw.
 */
export function purgeCss(css: string, used: string): string {
  const has = new Map<string, boolean>()
  const isUsed = (name: string) => {
    let hit = has.get(name)
    if (hit === undefined) {
      hit = used.includes(name)
      has.set(name, hit)
    }
    return hit
  }
  const keepSelector = (selector: string) => classesOf(selector).every(isUsed)

  const filterRules = (nodes: Node[]): Node[] =>
    nodes.flatMap((n): Node[] => {
      if (n.kind === 'block') {
        const children = filterRules(n.children)
        // Layers are kept even when empty: their first mention fixes the cascade's layer order.
        if (children.length === 0 && !n.prelude.startsWith('@layer')) return []
        return [{ ...n, children }]
      }
      if (n.kind !== 'rule' || n.selector.startsWith('@')) return [n]
      const kept = splitSelectors(n.selector).filter(keepSelector)
      return kept.length > 0 ? [{ ...n, selector: kept.join(',') }] : []
    })
  let nodes = filterRules(parse(css))

  // What the kept rules refer to: custom properties (set or read) and animation names.
  const isFallbackLayer = (n: Node) => n.kind === 'block' && n.prelude === '@layer properties'
  const isTheme = (n: Node) => n.kind === 'block' && n.prelude === '@layer theme'
  const isAt = (n: Node, at: string) => n.kind === 'rule' && n.selector.startsWith(at)
  const styleText = serialize(
    nodes.filter(
      (n) => !isFallbackLayer(n) && !isTheme(n) && !isAt(n, '@property') && !isAt(n, '@keyframes'),
    ),
  )
  const referenced = new Set<string>()
  for (const m of styleText.matchAll(varName)) referenced.add(m[0])
  // Code may set or read a variable itself (an inline style's `var(--color-brand-700)`).
  for (const m of used.matchAll(varName)) referenced.add(m[0])

  // The theme's variables may refer to one another (`--text-lg--line-height`): to a fixed point.
  const themeDecls = new Map<string, string>()
  const collect = (ns: Node[]) => {
    for (const r of ns)
      if (r.kind === 'rule')
        for (const d of r.body.split(';')) {
          const colon = d.indexOf(':')
          if (d.startsWith('--') && colon > 0) themeDecls.set(d.slice(0, colon), d.slice(colon + 1))
        }
  }
  for (const n of nodes) if (isTheme(n) && n.kind === 'block') collect(n.children)
  for (let grew = true; grew; ) {
    grew = false
    for (const name of referenced) {
      for (const m of (themeDecls.get(name) ?? '').matchAll(varName))
        if (!referenced.has(m[0])) {
          referenced.add(m[0])
          grew = true
        }
    }
  }
  const keepDecls = (body: string) =>
    body
      .split(';')
      .filter((d) => !d.startsWith('--') || referenced.has(d.slice(0, d.indexOf(':'))))
      .join(';')
  // Animation names are in the kept rules or in the theme's values (`--animate-spin: spin 1s …`).
  const animations = `${styleText};${[...referenced].map((name) => themeDecls.get(name) ?? '').join(';')}`

  nodes = nodes.flatMap((n): Node[] => {
    if (n.kind === 'rule' && n.selector.startsWith('@property ')) {
      return referenced.has(n.selector.slice('@property '.length).trim()) ? [n] : []
    }
    if (n.kind === 'rule' && n.selector.startsWith('@keyframes ')) {
      const name = n.selector.slice('@keyframes '.length).trim()
      return new RegExp(`(^|[^\\w-])${name}([^\\w-]|$)`).test(animations) ? [n] : []
    }
    if (isTheme(n) || isFallbackLayer(n)) {
      const prune = (ns: Node[]): Node[] =>
        ns.map((c) =>
          c.kind === 'rule'
            ? { ...c, body: keepDecls(c.body) }
            : c.kind === 'block'
              ? { ...c, children: prune(c.children) }
              : c,
        )
      return n.kind === 'block' ? [{ ...n, children: prune(n.children) }] : [n]
    }
    return [n]
  })
  return serialize(nodes)
}
