import { DIALOG_Z_INDEX } from "../styles/mantine-overlays";
import { Modal } from "@mantine/core";
import { GALLERY_FILTERS } from "@tearoom/domain";
import { LinkButton, PageSection, SectionHeading } from "@tearoom/ui";
import { useState } from "react";
import { Link } from "react-router";
import classes from "../features/gallery/Gallery.module.css";
import { GALLERY_IMAGES, type GalleryPicture } from "../features/gallery/images";
import { Seo } from "../features/site/Seo";
import { illustrationSources } from "../lib/illustrations";

// How wide the pictures are shown, so a phone fetches the render its screen needs (lib/illustrations.ts).
const THUMB_SIZES = "(min-width: 72em) 24rem, (min-width: 40em) 50vw, calc(100vw - 2.5rem)";
const LIGHTBOX_SIZES = "(min-width: 50em) 48rem, 100vw";

type Filter = (typeof GALLERY_FILTERS)[number]["value"];

export default function GalleryPage() {
  const [filter, setFilter] = useState<Filter>("all");
  const [open, setOpen] = useState<GalleryPicture | null>(null);
  const shown = filter === "all" ? GALLERY_IMAGES : GALLERY_IMAGES.filter((img) => img.category === filter);

  return (
    <>
      <Seo
        title="Gallery"
        path="/gallery"
        description="Pictures of the heritage house, the tearoom and its gardens: the rose garden, the lily pond, the walled garden and afternoon tea on vintage china."
      />
      <PageSection aria-labelledby="gallery-title">
        <SectionHeading id="gallery-title" order={1} eyebrow="House · Tearoom · Gardens" title="Gallery">
          <p>A glimpse of the house, the tearoom and the gardens through the seasons.</p>
        </SectionHeading>
        <div className={classes.filters} role="group" aria-label="Filter pictures">
          {GALLERY_FILTERS.map((f) => (
            <button key={f.value} type="button" className={classes.filter} aria-pressed={filter === f.value} onClick={() => setFilter(f.value)}>
              {f.label}
            </button>
          ))}
        </div>
        <p className="visually-hidden" aria-live="polite">
          {shown.length} pictures shown
        </p>
        <ul className={classes.grid}>
          {shown.map((img, index) => (
            <li key={img.id} className={classes.item}>
              <button type="button" className={classes.thumb} onClick={() => setOpen(img)} aria-label={`View larger: ${img.caption}`}>
                <img
                  {...illustrationSources(img.src)}
                  sizes={THUMB_SIZES}
                  alt={img.alt}
                  width={1200}
                  height={900}
                  loading={index === 0 ? "eager" : "lazy"}
                  fetchPriority={index === 0 ? "high" : "auto"}
                  decoding="async"
                />
                <span className={classes.caption} aria-hidden="true">
                  {img.caption}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className={classes.links}>
          <LinkButton as={Link} to="/reservations" variant="primary">
            Reserve a Table
          </LinkButton>
          <LinkButton as={Link} to="/contact" variant="outline">
            Contact Us
          </LinkButton>
        </div>
      </PageSection>
      <Modal
        zIndex={DIALOG_Z_INDEX}
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        title={open ? (GALLERY_FILTERS.find((f) => f.value === open.category)?.label ?? "") : ""}
        classNames={{ title: classes.modalTitle, content: classes.modalContent }}
        closeButtonProps={{ "aria-label": "Close picture" }}
      >
        {open ? (
          <figure className={classes.figure}>
            <img {...illustrationSources(open.src)} sizes={LIGHTBOX_SIZES} alt={open.alt} width={1200} height={900} />
            <figcaption className={classes.figcaption}>{open.caption}</figcaption>
          </figure>
        ) : null}
      </Modal>
    </>
  );
}
