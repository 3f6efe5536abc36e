"""What a kata is made of: its catalogue entry (kata.toml), its wrong versions, its
starter and `make reset`, and `make new-kata`'s skeleton."""
