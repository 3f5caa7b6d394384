/** The class attribute for the names given, skipping those a condition left out. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
