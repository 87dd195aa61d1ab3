import { Fragment } from "react";
import { formatPrice } from "#domain/prices";
import { LocalTime } from "#ui/local-time";
import type { LedgerLineAnswer } from "../answers";
import { LEDGER_ACCOUNT_NAMES } from "../money";

/** For admins: the booking's ledger, its balances first (held, released, owed), then every line. */
export function BookingLedger({ lines }: { lines: LedgerLineAnswer[] }) {
  const balances = new Map<LedgerLineAnswer["account"], number>();
  for (const line of lines) balances.set(line.account, (balances.get(line.account) ?? 0) + line.amount_cents);
  return (
    <section aria-labelledby="ledger-heading" className="mt-6 rounded-lg bg-white p-4 shadow-sm">
      <h2 id="ledger-heading" className="text-lg font-semibold">
        Ledger
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {[...balances]
          .filter(([, cents]) => cents !== 0)
          .map(([account, cents]) => (
            <Fragment key={account}>
              <dt className="text-gray-700">{LEDGER_ACCOUNT_NAMES[account]}</dt>
              <dd className="font-semibold">{formatPrice(Math.abs(cents))}</dd>
            </Fragment>
          ))}
      </dl>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Every line of the booking's ledger, oldest first</caption>
          <thead>
            <tr className="text-gray-700">
              <th scope="col" className="py-1 pr-3 font-medium">
                When
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                What
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Account
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={`${line.transaction}-${line.account}`} className="border-t border-gray-100">
                <td className="py-1 pr-3 whitespace-nowrap">
                  <LocalTime instant={line.at} />
                </td>
                <td className="py-1 pr-3">{line.memo}</td>
                <td className="py-1 pr-3">{LEDGER_ACCOUNT_NAMES[line.account]}</td>
                <td className="py-1 text-right tabular-nums">
                  {line.amount_cents < 0 ? "−" : ""}
                  {formatPrice(Math.abs(line.amount_cents))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
