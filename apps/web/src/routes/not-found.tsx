import { LinkButton, PageSection } from "@tearoom/ui";
import { Link, useLocation } from "react-router";
import { Seo } from "../features/site/Seo";
import classes from "../features/site/NotFound.module.css";

/** Any unmatched path (spec section 2). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageSection width="narrow" className={classes.root}>
      <Seo title="404 Page Not Found" description="This page could not be found." path={pathname} noindex />
      <svg className={classes.art} viewBox="0 0 200 120" width="200" height="120" aria-hidden="true">
        <path d="M20 100h160" stroke="#a78226" strokeWidth="1.5" strokeLinecap="round" />
        <path d="M70 98c-6-22 2-40 30-40s36 18 30 40z" fill="#f4ecdc" stroke="#4a6642" strokeWidth="2" />
        <path d="M130 72c14-4 20 8 10 16" fill="none" stroke="#4a6642" strokeWidth="2" strokeLinecap="round" />
        <path d="M62 66l14 10" stroke="#4a6642" strokeWidth="2" strokeLinecap="round" />
        <ellipse cx="100" cy="58" rx="16" ry="4" fill="#4a6642" />
        <path d="M88 40c4-8 0-14 4-20M104 38c4-8 0-14 4-20" fill="none" stroke="#c9bda6" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <h1 className={classes.title}>404 Page Not Found</h1>
      <p className={classes.text}>Did you forget to add the page to the router?</p>
      <p className={classes.hint}>The page you were looking for isn't here. Perhaps a fresh pot of tea will help:</p>
      <LinkButton as={Link} to="/" variant="primary">
        Back to the home page
      </LinkButton>
    </PageSection>
  );
}
