// Every statement this process sends its database, counted (issue 67): the bench divides a row's
// count by its requests, so a page that asks the database more than it should says so.
let statements = 0;

export function countStatement(): void {
  statements++;
}

/** Statements sent since the process started, on every connection (pages, API, jobs). */
export function statementsRun(): number {
  return statements;
}
