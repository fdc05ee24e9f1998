import { ConfigError, type ConfigProblem } from './errors';
import type { Field } from './fields';

/** Variable name -> field kind. Build one per service, usually `{ ...common, ...ownFields }`. */
export type EnvSpec = Readonly<Record<string, Field<unknown>>>;

/** The parsed configuration: one typed value per variable of the spec. */
export type ConfigOf<S extends EnvSpec> = {
  readonly [K in keyof S]: S[K] extends Field<infer T> ? T : never;
};

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads every variable of `spec` from `env`. Blank values count as unset (Kubernetes often renders an absent
 * value as ""), and values are trimmed (secret files often end in a newline).
 *
 * @throws ConfigError listing every bad or missing variable, never just the first.
 */
export function parseEnv<S extends EnvSpec>(spec: S, env: Env): ConfigOf<S> {
  const values: Record<string, unknown> = {};
  const problems: ConfigProblem[] = [];
  for (const [name, field] of Object.entries(spec)) {
    const raw = env[name]?.trim() ?? '';
    if (raw === '') {
      if (field.fallback) values[name] = field.fallback.value;
      else problems.push({ name, problem: 'is required but not set', allowed: field.allowed });
      continue;
    }
    const checked = field.parse(raw);
    if (checked.ok) values[name] = checked.value;
    else problems.push({ name, problem: checked.problem, allowed: field.allowed });
  }
  if (problems.length > 0) throw new ConfigError('environment', problems);
  // Every key of the spec was assigned a value its field produced, which is what ConfigOf<S> describes.
  return values as ConfigOf<S>;
}

/** A loggable summary of a parsed config: secrets masked, URL passwords hidden. */
export function describeConfig<S extends EnvSpec>(spec: S, config: ConfigOf<S>): Record<string, string> {
  const summary: Record<string, string> = {};
  for (const [name, field] of Object.entries(spec)) {
    summary[name] = field.show(config[name]);
  }
  return summary;
}
