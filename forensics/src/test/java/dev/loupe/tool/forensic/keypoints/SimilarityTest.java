package dev.loupe.tool.forensic.keypoints;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SimilarityTest {

    @Test
    void the_inverse_takes_a_point_back_where_it_came_from() {
        double r = Math.toRadians(25);
        Similarity t = new Similarity(1.2 * Math.cos(r), 1.2 * Math.sin(r), 40, -15);

        Similarity back = t.inverse();

        assertEquals(17.0, back.x(t.x(17, 90), t.y(17, 90)), 1e-9);
        assertEquals(90.0, back.y(t.x(17, 90), t.y(17, 90)), 1e-9);
        assertEquals(-25.0, back.degrees(), 1e-9);
        assertEquals(1 / 1.2, back.scale(), 1e-9);
    }
}
