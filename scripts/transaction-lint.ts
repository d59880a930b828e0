/**
 * Two ways a database connection ends up in a bad state, refused before they land (run by `pnpm lint`):
 *
 * - `catch-in-transaction`: inside a transaction (a callback given to `transaction(...)`, `transactionWithFiles(...)`
 *   or `.transaction(...)`, or a function taking a `Knex.Transaction`), a `try`/`catch` or `.catch()` around the
 *   transaction's statements that carries on. After a failed statement PostgreSQL ignores every command until the
 *   transaction ends ("current transaction is aborted"), so the next statement fails for a reason nobody logged. A
 *   failure that may be tolerated goes in a savepoint (`trx.transaction(...)` inside the `try`); a catch that only
 *   rethrows (its last statement a `throw`, nothing awaited) is fine.
 * - `knex-stream`: knex's `.stream()` gives its connection back to the pool twice (when the rows end and when the
 *   stream closes); between the two another caller takes it, and from then on two callers share one connection. Use
 *   `cursorBatches` from @portal/core.
 *
 * `pnpm lint:transactions [files...]`; without files it reads every non-test source of modules, services and cli.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseSync } from 'oxc-parser';

// biome-ignore lint/suspicious/noExplicitAny: ESTree nodes of every kind are walked generically.
type Node = any;

export interface Finding {
  file: string;
  line: number;
  rule: 'catch-in-transaction' | 'knex-stream';
  message: string;
}

const TRANSACTION_CALLS = new Set(['transaction', 'transactionWithFiles']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) for (const v of value) isNode(v) && out.push(v);
    else if (isNode(value)) out.push(value);
  }
  return out;
}

function walk(node: Node, visit: (node: Node, ancestors: Node[]) => void, ancestors: Node[] = []): void {
  visit(node, ancestors);
  ancestors.push(node);
  for (const child of children(node)) walk(child, visit, ancestors);
  ancestors.pop();
}

function contains(node: Node, test: (n: Node) => boolean): boolean {
  let found = false;
  walk(node, (n) => {
    if (!found && test(n)) found = true;
  });
  return found;
}

const isFunction = (n: Node) =>
  n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration';

/** Whether `call` opens a transaction: `transaction(db, fn)`, `transactionWithFiles(...)`, `x.transaction(fn)`. */
function isTransactionCall(call: Node): boolean {
  if (call.type !== 'CallExpression') return false;
  const callee = call.callee;
  if (callee.type === 'Identifier') return TRANSACTION_CALLS.has(callee.name);
  return callee.type === 'MemberExpression' && !callee.computed && callee.property.name === 'transaction';
}

/** The name of a function's transaction parameter, when it is a transaction's callback or takes a Knex.Transaction. */
function transactionParam(fn: Node, parent: Node | undefined, source: string): string | null {
  const first = fn.params?.[0];
  if (parent && isTransactionCall(parent) && parent.arguments.includes(fn))
    return first?.type === 'Identifier' ? first.name : null;
  for (const p of fn.params ?? []) {
    const annotation = p.typeAnnotation ? source.slice(p.typeAnnotation.start, p.typeAnnotation.end) : '';
    if (p.type === 'Identifier' && /\bKnex\.Transaction\b/.test(annotation) && !/\bKnex\b(?!\.)/.test(annotation))
      return p.name;
  }
  return null;
}

const uses = (node: Node, name: string) => contains(node, (n) => n.type === 'Identifier' && n.name === name);
const opensSavepoint = (node: Node) => contains(node, isTransactionCall);

/** A handler that only rethrows: its last statement throws and it awaits nothing first. */
function onlyRethrows(body: Node): boolean {
  if (body.type !== 'BlockStatement') return false;
  const last = body.body[body.body.length - 1];
  return last?.type === 'ThrowStatement' && !contains(body, (n) => n.type === 'AwaitExpression');
}

/** knex's `.stream()` takes nothing, options or a handler; a file store's `.stream(key)` takes the file's key. */
const isKnexStreamArgument = (arg: Node | undefined) => !arg || arg.type === 'ObjectExpression' || isFunction(arg);

const lineOf = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

export function lintSource(file: string, source: string): Finding[] {
  const { program, errors } = parseSync(file, source);
  if (errors.length) throw new Error(`${file}: ${errors[0]!.message}`);
  const findings: Finding[] = [];
  walk(program, (node, ancestors) => {
    if (isFunction(node)) {
      const trx = transactionParam(node, ancestors[ancestors.length - 1], source);
      if (!trx) return;
      walk(node.body, (inner) => {
        if (inner.type === 'TryStatement' && inner.handler) {
          if (uses(inner.block, trx) && !opensSavepoint(inner.block) && !onlyRethrows(inner.handler.body))
            findings.push({
              file,
              line: lineOf(source, inner.start),
              rule: 'catch-in-transaction',
              message: `a catch around statements of transaction "${trx}" carries on after a failed statement; use a savepoint (${trx}.transaction(...)) or let it fail`,
            });
        }
        if (
          inner.type === 'CallExpression' &&
          inner.callee.type === 'MemberExpression' &&
          inner.callee.property?.name === 'catch' &&
          uses(inner.callee.object, trx)
        ) {
          const handler = inner.arguments[0];
          const rethrows =
            handler && isFunction(handler) && (handler.body.type === 'ThrowStatement' || onlyRethrows(handler.body));
          if (!rethrows)
            findings.push({
              file,
              line: lineOf(source, inner.start),
              rule: 'catch-in-transaction',
              message: `.catch() on a statement of transaction "${trx}" carries on after it failed; use a savepoint or let it fail`,
            });
        }
      });
    }
    if (
      node.type === 'CallExpression' &&
      node.callee.type === 'MemberExpression' &&
      node.callee.property?.name === 'stream' &&
      isKnexStreamArgument(node.arguments[0])
    )
      findings.push({
        file,
        line: lineOf(source, node.start),
        rule: 'knex-stream',
        message: "knex's .stream() gives its connection back twice; read with cursorBatches from @portal/core",
      });
  });
  return findings;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name)) out.push(path);
  }
  return out;
}

function main(): void {
  const root = process.cwd();
  const files = process.argv.length > 2 ? process.argv.slice(2) : ['modules', 'services', 'cli'].flatMap(sources);
  const findings = files.flatMap((f) => lintSource(relative(root, f), readFileSync(f, 'utf8')));
  for (const f of findings) process.stderr.write(`${f.file}:${f.line} ${f.rule}: ${f.message}\n`);
  if (findings.length) {
    process.stderr.write(`${findings.length} transaction problem(s).\n`);
    process.exit(1);
  }
  process.stdout.write(`transactions: ${files.length} files, no catch that carries on, no knex stream.\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
