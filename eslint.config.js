// `npm run lint`: the architecture rules (docs/architecture.md), checked on every `npm test`.
// - Imports point one way: contracts → lib / components → modules → routes / app.
// - A module imports another module only through that module's public.ts (client and server).
// - The server takes nothing from src/ but src/contracts.
// - No import cycles; no source file over 400 lines (tests aside); the rules of hooks.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const ALL = ['contracts', 'lib', 'components', 'module', 'routes', 'app', 'entry', 'sw', 'server-module', 'server', 'tests', 'scripts'];
const CLIENT = ['contracts', 'lib', 'components', 'module', 'routes', 'app', 'entry'];
const SERVER = ['server-module', 'server'];
const element = (type) => ({ to: { element: { type } } });
/** A file of the same module (client or server) as the importing one. */
const sameModule = (type) => ({ to: { element: { type, captured: { name: '{{ from.element.captured.name }}' } } } });
/** Another module's public file. */
const publicFileOf = (type) => ({ to: { element: { type, fileInternalPath: 'public.ts' } } });

export default tseslint.config(
  {
    ignores: ['dist/**', '.e2e/**', 'build/**', 'dev-dist/**', 'node_modules/**', 'test-results/**', 'data/**', 'locales/**/*.ts', 'locales/**/*.js', 'public/**', 'server/db/migrations/**'],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, boundaries },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/include': ['src/**/*', 'server/**/*', 'sw/**/*', 'tests/**/*', 'scripts/**/*'],
      // More specific first: a file belongs to the first element it matches.
      'boundaries/elements': [
        { type: 'contracts', pattern: 'src/contracts' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'components', pattern: 'src/components' },
        { type: 'module', pattern: 'src/modules/*', capture: ['name'] },
        { type: 'routes', pattern: 'src/routes' },
        { type: 'app', pattern: 'src/app' },
        { type: 'entry', pattern: 'src/*.{ts,tsx}', partialMatch: false },
        { type: 'sw', pattern: 'sw' },
        { type: 'server-module', pattern: 'server/modules/*', capture: ['name'] },
        { type: 'server', pattern: 'server' },
        { type: 'tests', pattern: 'tests' },
        { type: 'scripts', pattern: 'scripts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{from.type}} may not import this {{to.type}} file (docs/architecture.md: one-way imports, modules through their public.ts)',
          policies: [
            // Packages and Node's own modules, from anywhere.
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            { from: { element: { type: 'contracts' } }, allow: element('contracts') },
            { from: { element: { type: 'lib' } }, allow: [element('contracts'), element('lib')] },
            { from: { element: { type: 'components' } }, allow: [element('contracts'), element('lib'), element('components')] },
            { from: { element: { type: 'module' } }, allow: [element('contracts'), element('lib'), element('components'), sameModule('module'), publicFileOf('module')] },
            // The top: routes, the app and the entry compose everything below them.
            {
              from: { element: { types: ['routes', 'app', 'entry'] } },
              allow: [element('contracts'), element('lib'), element('components'), element('module'), element('routes'), element('app'), element('entry')],
            },
            { from: { element: { type: 'sw' } }, allow: [element('contracts'), element('sw')] },
            { from: { element: { type: 'server' } }, allow: [element('contracts'), element('server'), element('server-module')] },
            { from: { element: { type: 'server-module' } }, allow: [element('contracts'), element('server'), sameModule('server-module'), publicFileOf('server-module')] },
            { from: { element: { types: ['tests', 'scripts'] } }, allow: ALL.map(element) },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests and their helpers may reach into any module of their own side (to set up state), never
    // across sides: client tests take from the server nothing but contracts, and the other way round.
    files: ['**/*.test.{ts,tsx}', '**/test-support.ts', 'server/test/**'],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            { from: { element: { types: CLIENT } }, allow: CLIENT.map(element) },
            { from: { element: { types: SERVER } }, allow: [...SERVER, 'contracts'].map(element) },
            { from: { element: { types: ['tests', 'scripts'] } }, allow: ALL.map(element) },
          ],
        },
      ],
    },
  },
  {
    // The hooks rules React documents (the compiler-based ones are left out: no React Compiler here).
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useLiveQuery$' }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support.ts', 'server/test/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
);
