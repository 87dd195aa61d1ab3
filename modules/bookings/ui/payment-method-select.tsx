import { PAYMENT_METHODS, PAYMENT_METHOD_NAMES } from "../money";

/** How money changed hands, as the act's manager records a payment or a refund. */
export function PaymentMethodSelect({ label }: { label: string }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select name="method" className="rounded-md border border-gray-300 px-3 py-2" defaultValue="">
        <option value="">Choose</option>
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {PAYMENT_METHOD_NAMES[method]}
          </option>
        ))}
      </select>
    </label>
  );
}
