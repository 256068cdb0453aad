// The import boundaries of docs/decisions/178-layers-enforced.md, checked by `npm run check`
// (`npm run lint:deps`). Imports that broke a rule when it was written are listed in
// .dependency-cruiser-known-violations.json and tolerated until they are moved; a new one
// fails. Regenerate that list only when removing entries: `npm run lint:deps:baseline`.
const SERVER = '^apps/server/src/';
/** The ground floor: plumbing every module may use, which never reaches up. */
const GROUND = `${SERVER}(db|plugins|ports|i18n|commands|console|workers)/|${SERVER}(errors|config|request-logger|instance-lock|metrics-server)\\.ts$`;
/** The top floor: composition roots that build the process from the modules. */
const TOP = `${SERVER}(app|main|cli|cli-runner|worker-plan|seed|audit)\\.ts$`;
const MODULES = `${SERVER}modules/`;
const TESTS = '\\.test\\.tsx?$|/test/|/e2e/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-ground-reaches-up',
      comment:
        'db/, plugins/, ports/, i18n/ and the primitives never import a module or a composition root.',
      severity: 'error',
      from: { path: GROUND, pathNot: TESTS },
      to: { path: `${MODULES}|${TOP}` },
    },
    {
      name: 'server-module-reaches-top',
      comment:
        'A module never imports a composition root (app.ts, main.ts, the CLI runner, the worker plan).',
      severity: 'error',
      from: { path: MODULES, pathNot: TESTS },
      to: { path: TOP },
    },
    {
      name: 'server-module-uses-another-repository',
      comment: 'A module reaches another through its service, never its repository (decision 131).',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: { path: `${MODULES}[^/]+/.*repository\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'no-cycle',
      comment: 'No import cycles in the source (tests excluded).',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: TESTS },
      to: { circular: true, pathNot: TESTS },
    },
    {
      name: 'web-feature-imports-another-feature',
      comment: 'A feature of the app or the console never imports another feature.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^apps/(web|admin)/src/features/', pathNot: '^apps/$1/src/features/$2/' },
    },
    {
      name: 'web-feature-imports-app',
      comment:
        'Features never import app/ (routes and the shell compose features, not the other way).',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/(features|components|lib|hooks)/', pathNot: TESTS },
      to: { path: '^apps/(web|admin)/src/app/' },
    },
    {
      name: 'console-imports-web-app',
      comment: 'The console never imports the investor app (shared code goes in a package).',
      severity: 'error',
      from: { path: '^apps/admin/' },
      to: { path: '^apps/web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|coverage|test-output)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      dot: { collapsePattern: 'node_modules/(@[^/]+/[^/]+|[^/]+)' },
    },
  },
};
