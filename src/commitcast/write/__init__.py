"""write stage."""
