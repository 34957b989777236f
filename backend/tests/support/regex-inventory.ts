// Finds every regular expression in a set of source files with the TypeScript compiler API (a regex over source
// would miss or invent some): each literal, and each `new RegExp(…)` / `RegExp(…)` whose pattern and flags can be
// worked out statically (string constants, String.raw templates, `.source` of a regex, `for … of` over a constant
// list of regexes). A pattern that cannot be worked out is reported as such, never skipped silently.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One regular expression as written in the source. */
export interface RegexSite {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  line: number;
  /** Every pattern the site can build (a `for … of` over a list gives one per element). */
  patterns: Array<{ source: string; flags: string }>;
  /** Why the patterns could not be worked out, when they could not. */
  unresolved?: string;
}

const SOURCE_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|astro)$/;
/** At most this many patterns per site: a product of lists beyond it is not a constant worth reading. */
const MAX_VARIANTS = 200;

const listFiles = (entry: string): string[] => {
  const stat = statSync(entry);
  if (stat.isFile()) return SOURCE_FILE.test(entry) && !entry.endsWith('.d.ts') ? [entry] : [];
  return readdirSync(entry)
    .filter((name) => name !== 'node_modules' && !name.startsWith('.'))
    .flatMap((name) => listFiles(path.join(entry, name)));
};

const product = (parts: string[][]): string[] | undefined => {
  let out = [''];
  for (const part of parts) {
    out = out.flatMap((prefix) => part.map((value) => prefix + value));
    if (out.length > MAX_VARIANTS) return undefined;
  }
  return out;
};

/**
 * @param root - the repository root
 * @param entries - files and folders under root to scan (folders recursively, node_modules and dot-folders left out)
 * @returns every regex site in those files, in file and line order
 */
export function collectRegexes(root: string, entries: readonly string[]): RegexSite[] {
  const found = entries.flatMap((entry) => listFiles(path.join(root, entry))).sort();
  const files = found.filter((file) => !file.endsWith('.astro'));
  const host = ts.createCompilerHost({ allowJs: true, noLib: true, types: [] });
  // Only relative imports are followed: constants come from our own files, and loading every package's types
  // would cost seconds for nothing.
  host.resolveModuleNameLiterals = (literals, containingFile, _redirect, options) =>
    literals.map((literal) =>
      literal.text.startsWith('.')
        ? ts.resolveModuleName(literal.text, containingFile, options, host)
        : { resolvedModule: undefined },
    );
  const program = ts.createProgram({
    rootNames: files,
    options: { allowJs: true, noLib: true, types: [], noEmit: true, jsx: ts.JsxEmit.Preserve },
    host,
  });
  const checker = program.getTypeChecker();

  const declarationOf = (identifier: ts.Identifier): ts.Declaration | undefined => {
    let symbol = checker.getSymbolAtLocation(identifier);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  };

  /** The regexes an expression can be; undefined when not statically known. */
  const regexValues = (node: ts.Expression): Array<{ source: string; flags: string }> | undefined => {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
      return regexValues(node.expression);
    if (ts.isRegularExpressionLiteral(node)) {
      const slash = node.text.lastIndexOf('/');
      return [{ source: node.text.slice(1, slash), flags: node.text.slice(slash + 1) }];
    }
    if (ts.isIdentifier(node)) {
      const values = boundValues(node);
      return values && values.every((value) => typeof value !== 'string') ? values : undefined;
    }
    return undefined;
  };

  /** The values (strings or regexes) a name can be bound to. */
  const boundValues = (identifier: ts.Identifier): Array<string | { source: string; flags: string }> | undefined => {
    const declaration = declarationOf(identifier);
    if (!declaration) return undefined;
    if (ts.isVariableDeclaration(declaration)) {
      const list = declaration.parent;
      if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const) || !declaration.initializer)
        return undefined;
      const init = declaration.initializer;
      return regexValues(init) ?? stringValues(init);
    }
    // `for (const [pattern, …] of LIST)`: every element of a constant array literal of tuples.
    if (ts.isBindingElement(declaration) && ts.isArrayBindingPattern(declaration.parent)) {
      const index = declaration.parent.elements.indexOf(declaration);
      const variable = declaration.parent.parent;
      const loop = variable.parent.parent;
      if (!ts.isVariableDeclaration(variable) || !ts.isForOfStatement(loop)) return undefined;
      const list = arrayLiteral(loop.expression);
      if (!list) return undefined;
      const values: Array<string | { source: string; flags: string }> = [];
      for (const element of list.elements) {
        const tuple = unwrap(element);
        if (!ts.isArrayLiteralExpression(tuple)) return undefined;
        const item = tuple.elements[index];
        if (!item) return undefined;
        const found = regexValues(item) ?? stringValues(item);
        if (!found) return undefined;
        values.push(...found);
      }
      return values;
    }
    return undefined;
  };

  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)
      ? unwrap(node.expression)
      : node;

  const arrayLiteral = (node: ts.Expression): ts.ArrayLiteralExpression | undefined => {
    const inner = unwrap(node);
    if (ts.isArrayLiteralExpression(inner)) return inner;
    if (!ts.isIdentifier(inner)) return undefined;
    const declaration = declarationOf(inner);
    return declaration && ts.isVariableDeclaration(declaration) && declaration.initializer
      ? arrayLiteral(declaration.initializer)
      : undefined;
  };

  /** The strings an expression can be; undefined when not statically known. */
  const stringValues = (node: ts.Expression): string[] | undefined => {
    const inner = unwrap(node);
    if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return [inner.text];
    if (ts.isTaggedTemplateExpression(inner) && inner.tag.getText() === 'String.raw') {
      const template = inner.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) return [template.rawText ?? template.text];
      const parts: string[][] = [[template.head.rawText ?? template.head.text]];
      for (const span of template.templateSpans) {
        const value = stringValues(span.expression);
        if (!value) return undefined;
        parts.push(value, [span.literal.rawText ?? span.literal.text]);
      }
      return product(parts);
    }
    if (ts.isTemplateExpression(inner)) {
      const parts: string[][] = [[inner.head.text]];
      for (const span of inner.templateSpans) {
        const value = stringValues(span.expression);
        if (!value) return undefined;
        parts.push(value, [span.literal.text]);
      }
      return product(parts);
    }
    if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = stringValues(inner.left);
      const right = stringValues(inner.right);
      return left && right ? product([left, right]) : undefined;
    }
    if (ts.isPropertyAccessExpression(inner) && inner.name.text === 'source') {
      return regexValues(inner.expression)?.map((regex) => regex.source);
    }
    if (ts.isIdentifier(inner)) {
      const values = boundValues(inner);
      return values && values.every((value) => typeof value === 'string') ? values : undefined;
    }
    return undefined;
  };

  const sites: RegexSite[] = [];
  for (const sourceFile of program.getSourceFiles()) {
    if (!files.includes(path.normalize(sourceFile.fileName))) continue;
    const file = path.relative(root, sourceFile.fileName).split(path.sep).join('/');
    const lineOf = (node: ts.Node): number => sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        sites.push({ file, line: lineOf(node), patterns: regexValues(node) ?? [] });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        const [patternArg, flagsArg] = node.arguments ?? [];
        const asRegex = patternArg ? regexValues(patternArg) : undefined;
        const sources = asRegex?.map((regex) => regex.source) ?? (patternArg ? stringValues(patternArg) : undefined);
        const flags = flagsArg ? stringValues(flagsArg) : [asRegex?.[0]?.flags ?? ''];
        const flag = flags?.length === 1 ? flags[0] : undefined;
        if (sources && flag !== undefined) {
          sites.push({ file, line: lineOf(node), patterns: sources.map((source) => ({ source, flags: flag })) });
        } else {
          sites.push({
            file,
            line: lineOf(node),
            patterns: [],
            unresolved: `the pattern of ${node.getText(sourceFile).slice(0, 80)} is not a constant`,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  for (const file of found.filter((name) => name.endsWith('.astro'))) sites.push(...astroRegexes(root, file));
  return sites.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The script parts of an Astro component: the frontmatter and each `<script>` body, with their offsets. */
const astroScripts = (text: string): Array<{ offset: number; code: string }> => {
  const parts: Array<{ offset: number; code: string }> = [];
  if (text.startsWith('---')) {
    const end = text.indexOf('\n---', 3);
    if (end > 0) parts.push({ offset: 3, code: text.slice(3, end) });
  }
  for (let open = text.indexOf('<script'); open >= 0; open = text.indexOf('<script', open + 1)) {
    const bodyStart = text.indexOf('>', open) + 1;
    const close = text.indexOf('</script>', bodyStart);
    if (bodyStart === 0 || close < 0) break;
    if (text[bodyStart - 2] === '/') continue; // <script … /> has no body
    parts.push({ offset: bodyStart, code: text.slice(bodyStart, close) });
  }
  return parts;
};

/**
 * Regexes in an Astro component's scripts. These are read without the type checker, so only literals and
 * `RegExp(…)` with a string literal pattern are understood; anything else is reported unresolved.
 */
const astroRegexes = (root: string, fileName: string): RegexSite[] => {
  const text = readFileSync(fileName, 'utf8');
  const file = path.relative(root, fileName).split(path.sep).join('/');
  const sites: RegexSite[] = [];
  for (const { offset, code } of astroScripts(text)) {
    const sourceFile = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const lineBefore = text.slice(0, offset).split('\n').length - 1;
    const lineOf = (node: ts.Node): number =>
      lineBefore + sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        const slash = node.text.lastIndexOf('/');
        sites.push({
          file,
          line: lineOf(node),
          patterns: [{ source: node.text.slice(1, slash), flags: node.text.slice(slash + 1) }],
        });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        const [patternArg, flagsArg] = node.arguments ?? [];
        const literal = (arg: ts.Expression | undefined): string | undefined =>
          arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) ? arg.text : undefined;
        const source = literal(patternArg);
        const flags = flagsArg ? literal(flagsArg) : '';
        sites.push(
          source !== undefined && flags !== undefined
            ? { file, line: lineOf(node), patterns: [{ source, flags }] }
            : {
                file,
                line: lineOf(node),
                patterns: [],
                unresolved: 'a RegExp in an Astro file needs literal arguments',
              },
        );
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return sites;
};
