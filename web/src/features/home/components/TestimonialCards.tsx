import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { CardGrid } from '../../../components/ui/CardGrid';
import { displayedStars } from '../testimonial-stars';

/**
 * An approved testimonial as the home page shows it. The caller picks which ones to show
 * (approved and rated at least HOME_MIN_RATING: see `fetchApprovedTestimonials`).
 */
export interface HomeTestimonial {
  id: string;
  quote: string;
  rating: number;
  author: string;
}

export { displayedStars };

/**
 * The testimonials as cards with their stars. Loaded only once there are testimonials to show,
 * so the star rating and card components stay off the landing page's first load.
 */
export function TestimonialCards({ testimonials }: { testimonials: HomeTestimonial[] }) {
  return (
    <CardGrid>
      {testimonials.map((testimonial) => (
        <Card component="li" key={testimonial.id}>
          <CardContent
            component="figure"
            sx={{ m: 0, p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            <Rating
              value={displayedStars(testimonial.rating)}
              precision={0.5}
              readOnly
              size="small"
            />
            <Typography component="blockquote" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              “{testimonial.quote}”
            </Typography>
            <Typography component="figcaption" variant="body2" sx={{ fontWeight: 600 }}>
              {testimonial.author}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </CardGrid>
  );
}
