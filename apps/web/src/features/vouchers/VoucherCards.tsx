import { defaultMonetaryAmount, formatPenceShort, MONETARY_VOUCHER_AMOUNTS, poundsToPence, type SitePrices, type VoucherType } from "@tearoom/domain";
import { CardGrid, LinkButton, Price } from "@tearoom/ui";
import { useId, useState } from "react";
import { Link } from "react-router";
import classes from "./GiftVouchers.module.css";

export const DEFAULT_MONETARY_VOUCHER_AMOUNTS_FALLBACK: number[] = [...MONETARY_VOUCHER_AMOUNTS];

/** /checkout?type=…&amount=… (pounds), as the checkout screen reads it. */
export function checkoutHref(type: VoucherType, amountPounds: number | null): string {
  const params = new URLSearchParams({ type });
  if (amountPounds !== null) params.set("amount", String(amountPounds));
  return `/checkout?${params.toString()}`;
}

const pounds = (pence: number | null | undefined) => (pence == null ? null : pence / 100);

/** The three voucher cards (spec "Gift vouchers"), prices from the pricing items (R6). */
export function VoucherCards({ prices, amounts }: { prices: SitePrices | undefined; amounts: number[] }) {
  const [picked, setAmount] = useState<number | null>(null);
  // The amounts on sale arrive with /api/site (R33): a choice no longer offered falls back to the default.
  const amount = picked !== null && amounts.includes(picked) ? picked : defaultMonetaryAmount(amounts);
  const groupId = useId();
  const teaPence = prices?.voucherAfternoonTea;
  const hamperPence = prices?.voucherPicnicHamper;
  return (
    <CardGrid min="17rem" gap="1.75rem">
      <article className={classes.card} aria-labelledby={`${groupId}-tea`}>
        <VoucherArt kind="tea" />
        <h2 id={`${groupId}-tea`} className={classes.cardTitle}>
          Afternoon Tea Voucher
        </h2>
        <p className={classes.cardPrice}>
          <Price pence={prices ? teaPence : undefined} suffix="per person" />
        </p>
        <p className={classes.cardText}>Our traditional afternoon tea of sandwiches, scones and homemade cakes, for one or more guests.</p>
        <Purchase href={teaPence ? checkoutHref("afternoonTea", pounds(teaPence)) : null} loading={!prices} describedBy={`${groupId}-tea`} />
      </article>
      <article className={classes.card} aria-labelledby={`${groupId}-hamper`}>
        <VoucherArt kind="hamper" />
        <h2 id={`${groupId}-hamper`} className={classes.cardTitle}>
          Picnic Hamper Voucher
        </h2>
        <p className={classes.cardPrice}>
          <Price pence={prices ? hamperPence : undefined} suffix="per person" />
        </p>
        <p className={classes.cardText}>A wicker hamper of picnic treats and a rug, to enjoy anywhere on the lawns and in the gardens.</p>
        <Purchase href={hamperPence ? checkoutHref("picnicHamper", pounds(hamperPence)) : null} loading={!prices} describedBy={`${groupId}-hamper`} />
      </article>
      <article className={classes.card} aria-labelledby={`${groupId}-money`}>
        <VoucherArt kind="money" />
        <h2 id={`${groupId}-money`} className={classes.cardTitle}>
          Monetary Voucher
        </h2>
        <fieldset className={classes.amounts}>
          <legend className={classes.amountsLegend}>Choose an amount</legend>
          {amounts.map((value) => (
            <label key={value} className={classes.amount}>
              <input type="radio" name={`${groupId}-amount`} value={value} checked={amount === value} onChange={() => setAmount(value)} />
              <span>{formatPenceShort(poundsToPence(value))}</span>
            </label>
          ))}
        </fieldset>
        <p className={classes.cardText}>Spend it on anything in the tearoom: lunches, afternoon teas, cakes to take home.</p>
        <Purchase href={prices?.voucherMonetary === null ? null : checkoutHref("monetary", amount)} loading={!prices} describedBy={`${groupId}-money`} />
      </article>
    </CardGrid>
  );
}

function Purchase({ href, loading, describedBy }: { href: string | null; loading: boolean; describedBy: string }) {
  if (loading) {
    return (
      <span className={classes.buttonPlaceholder} aria-hidden="true">
        Purchase Voucher
      </span>
    );
  }
  if (!href) return <p className={classes.unavailable}>Not currently available</p>;
  return (
    <LinkButton as={Link} to={href} variant="primary" className={classes.buy} aria-describedby={describedBy}>
      Purchase Voucher
    </LinkButton>
  );
}

function VoucherArt({ kind }: { kind: "tea" | "hamper" | "money" }) {
  return (
    <svg className={classes.art} viewBox="0 0 320 150" width="320" height="150" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="312" height="142" rx="14" fill="#f4ecdc" stroke="#cfac47" strokeWidth="1.5" strokeDasharray="6 5" />
      <path d="M236 4v142" stroke="#b4536f" strokeWidth="10" opacity="0.85" />
      <path d="M4 96h312" stroke="#b4536f" strokeWidth="10" opacity="0.85" />
      <path d="M236 96c-14-22-40-24-40-8s26 10 40 8zM236 96c14-22 40-24 40-8s-26 10-40 8z" fill="#9a3f5b" />
      <circle cx="236" cy="96" r="7" fill="#7f3249" />
      {kind === "tea" ? (
        <g transform="translate(60 34)">
          <path d="M0 40c0-14 12-22 30-22s30 8 30 22v6c0 14-12 24-30 24S0 60 0 46z" fill="#4a6642" />
          <path d="M60 40c12-4 18 4 14 12-3 6-8 8-14 9" fill="none" stroke="#4a6642" strokeWidth="5" strokeLinecap="round" />
          <path d="M0 44c-8-2-14-8-16-16" fill="none" stroke="#4a6642" strokeWidth="5" strokeLinecap="round" />
          <ellipse cx="30" cy="18" rx="14" ry="4" fill="#3b5235" />
          <circle cx="30" cy="12" r="4" fill="#cfac47" />
          <circle cx="30" cy="48" r="7" fill="#d993a6" />
          <path d="M16 34h28" stroke="#e9d59a" strokeWidth="2" />
        </g>
      ) : null}
      {kind === "hamper" ? (
        <g transform="translate(50 30)">
          <path d="M20 30c0-24 60-24 60 0" fill="none" stroke="#87681f" strokeWidth="6" strokeLinecap="round" />
          <path d="M4 34h92l-10 50H14z" fill="#c19a30" />
          <path d="M10 48h80M14 62h72M18 76h64" stroke="#87681f" strokeWidth="3" />
          <path d="M30 34v48M50 34v50M70 34v48" stroke="#a78226" strokeWidth="2" />
          <path d="M4 34h92" stroke="#674f18" strokeWidth="4" />
          <path d="M8 40l20 10 20-10 20 10 20-10" fill="none" stroke="#b4536f" strokeWidth="4" />
        </g>
      ) : null}
      {kind === "money" ? (
        <g transform="translate(56 34)">
          <circle cx="40" cy="40" r="36" fill="#cfac47" stroke="#87681f" strokeWidth="3" />
          <circle cx="40" cy="40" r="28" fill="none" stroke="#87681f" strokeWidth="1.5" strokeDasharray="3 3" />
          <text x="40" y="53" textAnchor="middle" fontFamily="Georgia, serif" fontSize="38" fill="#473711">
            £
          </text>
        </g>
      ) : null}
    </svg>
  );
}
