import Lightbox from "yet-another-react-lightbox";
import "yet-another-react-lightbox/styles.css";

export default function PhotoLightbox({ slides, index, onClose }: { slides: { src: string }[]; index: number; onClose: () => void }) {
  return <Lightbox open slides={slides} index={index} close={onClose} />;
}
