/** One thing wrong with one variable or field, phrased so an operator can fix it without reading code. */
export interface ConfigProblem {
  /** Environment variable name, or dotted field path inside a file. */
  readonly name: string;
  /** What was wrong, e.g. `got "abc", which is not an integer`. Never contains a secret's value. */
  readonly problem: string;
  /** What would have been accepted, e.g. `an integer from 1 to 65535`. */
  readonly allowed?: string;
}

/**
 * Raised when configuration is unusable. Lists every problem at once so one restart fixes them all;
 * the library never exits the process, the service's entry point catches this and stops.
 */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  override readonly name = 'ConfigError';

  constructor(
    /** Where the configuration came from: `environment` or a file path. */
    readonly source: string,
    readonly problems: readonly ConfigProblem[],
  ) {
    super(formatProblems(source, problems));
  }
}

function formatProblems(source: string, problems: readonly ConfigProblem[]): string {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  const lines = problems.map(
    (p) => `  - ${p.name}: ${p.problem}${p.allowed ? `; allowed: ${p.allowed}` : ''}`,
  );
  return [`Invalid configuration in ${source} (${count}):`, ...lines].join('\n');
}
