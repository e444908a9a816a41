// Seam: the payment confirmation screen (spec "Confirmation") is built in the payments work.
export default function Confirmation() {
  return <h1>Payment confirmation</h1>;
}
