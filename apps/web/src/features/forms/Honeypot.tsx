/** R5: a field people never see or reach; bots fill it in and the server drops the request. */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <input
      type="text"
      name="website"
      tabIndex={-1}
      autoComplete="off"
      aria-hidden="true"
      className="honeypot"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
