/**
 * An e-mail address that a narrow screen may wrap only after its `@`, never inside the name or the
 * domain (issue 15, §3): `management@` / `genesis-centre.co.za`.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.indexOf('@')
  if (at < 0) return <span className="whitespace-nowrap">{address}</span>
  return (
    <>
      <span className="whitespace-nowrap">{address.slice(0, at + 1)}</span>
      <wbr />
      <span className="whitespace-nowrap">{address.slice(at + 1)}</span>
    </>
  )
}
