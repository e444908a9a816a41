// Seam: the gift-voucher checkout screen (spec "Checkout", R7, R10) is built in the payments work.
export default function Checkout() {
  return <h1>Checkout</h1>;
}
