-- Exact cosine distance over real[] for PostgreSQL servers without pgvector
-- (Debian's PostgreSQL has no pgvector package). Same meaning as pgvector's <=>.
CREATE OR REPLACE FUNCTION parley_cosine_distance(a real[], b real[]) RETURNS double precision
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT 1 - (sum(x::double precision * y) / NULLIF(sqrt(sum(x::double precision * x)) * sqrt(sum(y::double precision * y)), 0))
  FROM unnest(a, b) AS t(x, y)
$$;
