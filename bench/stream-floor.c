/*
 * bench/stream-floor.c: the jansson floor of a whole stream, for scripts/bench-tree and scripts/bench-table.
 *
 * Given the requests a benchmark pipes into the daemon and the replies and events it wrote back, this measures the
 * least time any program that reads and writes that stream with jansson must spend on JSON alone: parsing every
 * request line (json_loadb, the daemon's flags) and, for every line written, building the same value as jansson
 * objects and encoding it (json_dumpb, compact, sorted keys) before freeing it. It does no other work: no
 * validation, no engine, no I/O in the timed part (both files are read into memory first). Building is timed as
 * json_deep_copy of the value parsed from the output line beforehand: one allocation and one hashed insertion per
 * node, as building it from scratch costs.
 *
 * Usage: stream-floor INPUT.ndjson OUTPUT.ndjson [REPS]   prints "<best seconds> <input lines> <output lines>"
 * Build: cc -O2 bench/stream-floor.c $(pkg-config --cflags --libs jansson) -o bench/out/stream-floor
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DECODE_FLAGS (JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES | JSON_DISABLE_EOF_CHECK)
#define ENCODE_FLAGS (JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY)

struct lines {
  char *data;
  size_t count;
  char **starts;
  size_t *lengths;
};

static void read_lines(const char *path, struct lines *lines) {
  FILE *file = fopen(path, "rb");
  if (!file) { perror(path); exit(2); }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  lines->data = malloc((size_t)size + 1);
  if (fread(lines->data, 1, (size_t)size, file) != (size_t)size) { perror(path); exit(2); }
  fclose(file);
  lines->data[size] = '\n';
  size_t capacity = 1024;
  lines->starts = malloc(capacity * sizeof(char *));
  lines->lengths = malloc(capacity * sizeof(size_t));
  lines->count = 0;
  char *start = lines->data, *end = lines->data + size;
  while (start < end) {
    char *newline = memchr(start, '\n', (size_t)(end - start) + 1);
    if (newline > start) {
      if (lines->count == capacity) {
        capacity *= 2;
        lines->starts = realloc(lines->starts, capacity * sizeof(char *));
        lines->lengths = realloc(lines->lengths, capacity * sizeof(size_t));
      }
      lines->starts[lines->count] = start;
      lines->lengths[lines->count++] = (size_t)(newline - start);
    }
    start = newline + 1;
  }
}

static double now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (double)time.tv_sec + (double)time.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s INPUT.ndjson OUTPUT.ndjson [REPS]\n", argv[0]);
    return 2;
  }
  int reps = argc > 3 ? atoi(argv[3]) : 3;
  struct lines input, output;
  read_lines(argv[1], &input);
  read_lines(argv[2], &output);
  json_t **values = malloc(output.count * sizeof(json_t *));
  json_error_t error;
  for (size_t i = 0; i < output.count; i++) {
    values[i] = json_loadb(output.starts[i], output.lengths[i], DECODE_FLAGS, &error);
    if (!values[i]) { fprintf(stderr, "output line %zu: %s\n", i + 1, error.text); return 2; }
  }
  size_t capacity = 1 << 16;
  char *buffer = malloc(capacity);
  double best = 1e300;
  size_t written = 0;
  for (int rep = 0; rep < reps; rep++) {
    double start = now();
    for (size_t i = 0; i < input.count; i++) {
      json_t *request = json_loadb(input.starts[i], input.lengths[i], DECODE_FLAGS, &error);
      if (request) json_decref(request);
    }
    written = 0;
    for (size_t i = 0; i < output.count; i++) {
      json_t *copy = json_deep_copy(values[i]);
      size_t size = json_dumpb(copy, buffer, capacity, ENCODE_FLAGS);
      if (size > capacity) {
        capacity = size * 2;
        buffer = realloc(buffer, capacity);
        size = json_dumpb(copy, buffer, capacity, ENCODE_FLAGS);
      }
      written += size + 1;
      json_decref(copy);
    }
    double seconds = now() - start;
    if (seconds < best) best = seconds;
  }
  printf("%.6f %zu %zu %zu\n", best, input.count, output.count, written);
  return 0;
}
