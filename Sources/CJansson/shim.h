// Inline wrappers for jansson's function-like macros, which Swift cannot import, and the one piece of jansson's
// encoder the daemon's own encoder reuses: the text of a real. Nothing else belongs here: all other jansson API is
// imported directly.
#ifndef CJANSSON_SHIM_H
#define CJANSSON_SHIM_H

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static inline json_type cjansson_typeof(const json_t *json) { return json_typeof(json); }
static inline json_t *cjansson_boolean(int value) { return json_boolean(value); }
static inline void cjansson_decref(json_t *json) { json_decref(json); }
static inline enum json_error_code cjansson_error_code(const json_error_t *error) {
  return json_error_code(error);
}
static inline size_t cjansson_real_precision(int digits) { return JSON_REAL_PRECISION(digits); }

// Writes `value` as jansson 2.14's encoder writes a real under JSON_REAL_PRECISION(precision): printf's "%.*g", then
// ".0" when the text has neither a point nor an exponent (so that it reads back as a real), and the exponent without
// its "+" sign or leading zeros ("1e+20" -> "1e20", "1e-05" -> "1e-5"). The daemon runs in the C locale, so the point
// is always ".". Returns the length written (NUL-terminated), or 0 when it does not fit in `size` bytes.
static inline int cjansson_format_real(char *buffer, int size, double value, int precision) {
  int length = snprintf(buffer, (size_t)size, "%.*g", precision, value);
  if (length <= 0 || length + 3 > size) return 0;
  char *exponent = memchr(buffer, 'e', (size_t)length);
  if (exponent == NULL) {
    if (memchr(buffer, '.', (size_t)length) == NULL) {
      buffer[length++] = '.';
      buffer[length++] = '0';
      buffer[length] = 0;
    }
    return length;
  }
  char *sign = exponent + 1;
  char *keep = *sign == '-' ? sign + 1 : sign;
  char *digits = sign + 1;
  while (*digits == '0') digits++;
  if (digits != keep) {
    memmove(keep, digits, (size_t)(buffer + length + 1 - digits));
    length -= (int)(digits - keep);
  }
  return length;
}

#endif
