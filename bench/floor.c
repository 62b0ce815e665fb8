/*
 * bench/floor.c: the "C floor" for scripts/bench.
 *
 * A minimal JSON-RPC 2.0 server over stdio (line framing only) that does, per message, the same work the Swift
 * daemon does for `daemon/ping`: parse the line with jansson, validate the envelope, look the method up, build the
 * reply as a jansson object, encode it compact with sorted keys, and queue it in an output buffer that is written
 * with few large write(2) calls. There are no shortcuts (no string templating, no skipping the parse): the figure
 * is what a careful C program gets from jansson, so `swift/C` measures the daemon's own overhead on top.
 *
 * Reading and writing follow Sources/ContainerTransport/StdioConnection.swift: read(2) 64 KiB chunks, flush
 * when the output passes 64 KiB, when poll(2) with a zero timeout says no more input is ready, and at end of input.
 *
 * Build: cc -O2 bench/floor.c $(pkg-config --cflags --libs jansson) -o bench/out/floor
 */
#include <errno.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK_SIZE (1 << 16)
#define FLUSH_SIZE (1 << 16)
#define DECODE_FLAGS (JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES | JSON_DISABLE_EOF_CHECK)
#define ENCODE_FLAGS (JSON_COMPACT | JSON_SORT_KEYS)

/* A growing byte buffer. */
struct buffer {
  char *data;
  size_t length;
  size_t capacity;
};

static void reserve(struct buffer *buffer, size_t extra) {
  if (buffer->length + extra <= buffer->capacity) return;
  size_t capacity = buffer->capacity ? buffer->capacity : CHUNK_SIZE;
  while (capacity < buffer->length + extra) capacity *= 2;
  char *data = realloc(buffer->data, capacity);
  if (!data) abort();
  buffer->data = data;
  buffer->capacity = capacity;
}

static void append(struct buffer *buffer, const char *bytes, size_t count) {
  reserve(buffer, count);
  memcpy(buffer->data + buffer->length, bytes, count);
  buffer->length += count;
}

static struct buffer output;

/* Writes all queued output; exits quietly if the reader went away. */
static void flush_output(void) {
  size_t offset = 0;
  while (offset < output.length) {
    ssize_t written = write(STDOUT_FILENO, output.data + offset, output.length - offset);
    if (written < 0) {
      if (errno == EINTR) continue;
      exit(0);
    }
    offset += (size_t)written;
  }
  output.length = 0;
}

static int append_callback(const char *bytes, size_t size, void *context) {
  append(context, bytes, size);
  return 0;
}

/* Encodes `message` compact with sorted keys, queues it with its newline, and releases it. */
static void send_message(json_t *message) {
  json_dump_callback(message, append_callback, &output, ENCODE_FLAGS);
  append(&output, "\n", 1);
  json_decref(message);
}

/* {"jsonrpc":"2.0","id":<id>,"error":{"code":<code>,"message":<message>}} */
static json_t *error_response(json_t *id, int code, const char *message) {
  json_t *error = json_object();
  json_object_set_new(error, "code", json_integer(code));
  json_object_set_new(error, "message", json_string(message));
  json_t *response = json_object();
  json_object_set_new(response, "jsonrpc", json_string("2.0"));
  json_object_set(response, "id", id ? id : json_null());
  json_object_set_new(response, "error", error);
  return response;
}

/* Handles one line (without its newline). */
static void handle_line(const char *line, size_t length) {
  size_t start = 0;
  while (start < length && (line[start] == ' ' || line[start] == '\t' || line[start] == '\r')) start++;
  if (start == length) return; /* blank line */

  json_error_t error;
  json_t *request = json_loadb(line + start, length - start, DECODE_FLAGS, &error);
  if (!request) {
    char message[256 + 32];
    snprintf(message, sizeof message, "Parse error (%s)", error.text);
    send_message(error_response(NULL, -32700, message));
    return;
  }
  if (!json_is_object(request)) {
    send_message(error_response(NULL, -32600, "Invalid Request: expected a request object"));
    json_decref(request);
    return;
  }
  json_t *id = json_object_get(request, "id");
  if (id && !(json_is_null(id) || json_is_string(id) || json_is_number(id))) {
    send_message(error_response(NULL, -32600, "Invalid Request: id must be a string, a number or null"));
    json_decref(request);
    return;
  }
  json_t *version = json_object_get(request, "jsonrpc");
  json_t *method = json_object_get(request, "method");
  if (!json_is_string(version) || strcmp(json_string_value(version), "2.0") != 0) {
    send_message(error_response(id, -32600, "Invalid Request: member \"jsonrpc\" must be exactly \"2.0\""));
  } else if (!json_is_string(method)) {
    send_message(error_response(id, -32600, "Invalid Request: member \"method\" must be a string"));
  } else if (strcmp(json_string_value(method), "daemon/ping") != 0) {
    if (id) send_message(error_response(id, -32601, "Method not found"));
  } else if (id) {
    json_t *result = json_object();
    json_object_set_new(result, "pong", json_true());
    json_t *response = json_object();
    json_object_set_new(response, "jsonrpc", json_string("2.0"));
    json_object_set(response, "id", id);
    json_object_set_new(response, "result", result);
    send_message(response);
  }
  json_decref(request);
}

/* Whether a read would not block (more of a pipeline is already there). */
static int input_ready(void) {
  struct pollfd descriptor = {.fd = STDIN_FILENO, .events = POLLIN};
  return poll(&descriptor, 1, 0) > 0;
}

int main(void) {
  signal(SIGPIPE, SIG_IGN);
  struct buffer input = {0};
  size_t head = 0; /* start of the first unhandled line in `input` */
  reserve(&output, FLUSH_SIZE * 2);

  for (;;) {
    /* Compact: drop handled lines before reading more. */
    if (head > 0) {
      memmove(input.data, input.data + head, input.length - head);
      input.length -= head;
      head = 0;
    }
    reserve(&input, CHUNK_SIZE);
    ssize_t count = read(STDIN_FILENO, input.data + input.length, CHUNK_SIZE);
    if (count < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (count == 0) break;
    input.length += (size_t)count;

    char *newline;
    while ((newline = memchr(input.data + head, '\n', input.length - head)) != NULL) {
      size_t end = (size_t)(newline - input.data);
      handle_line(input.data + head, end - head);
      head = end + 1;
      if (output.length >= FLUSH_SIZE) flush_output();
    }
    if (!input_ready()) flush_output();
  }
  /* A last line without newline. */
  if (head < input.length) handle_line(input.data + head, input.length - head);
  flush_output();
  free(input.data);
  free(output.data);
  return 0;
}
