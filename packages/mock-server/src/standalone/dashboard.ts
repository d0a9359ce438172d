// Set by the builds (tsup, pnpm release:mock) to the built page; absent when run from sources.
declare const __MARKETING_MOCK_DASHBOARD__: string | undefined;

let page: Promise<string> | undefined;

/**
 * The dashboard page served at `/__mock/ui`: built into the package and the release files; from
 * sources (`pnpm mock`), built on first request with esbuild.
 */
export function dashboardPage(): Promise<string> {
  page ??=
    typeof __MARKETING_MOCK_DASHBOARD__ === 'string'
      ? Promise.resolve(__MARKETING_MOCK_DASHBOARD__)
      : buildFromSources();
  return page;
}

async function buildFromSources(): Promise<string> {
  // A specifier the bundlers leave alone: the builds never reach this line.
  const builder = '../../ui/build-ui.js';
  const { buildDashboardPage } = (await import(builder)) as { buildDashboardPage(): string };
  return buildDashboardPage();
}
