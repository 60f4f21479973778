/* The capture parser on arbitrary text: no crash, no leak, every record
 * either accepted or rejected with a line inside the text and a reason; an
 * accepted record written by grotto_capture_write parses back to the same
 * record. */
#include "fuzz_common.h"
#include "grotto/capture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    grotto_capture_file f;
    if (grotto_capture_parse((const char *)data, size, &f) != 0)
        return 0; /* out of memory */
    size_t lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    if (f.count == 0)
        FZ_FAIL("no item for %zu bytes of text", size);
    for (size_t i = 0; i < f.count; i++) {
        const grotto_capture_item *it = &f.items[i];
        if (!it->ok) {
            if (!it->reason[0] || it->line > lines)
                FZ_FAIL("rejection without reason or with line %u of %zu", it->line, lines);
            continue;
        }
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        if (!m || grotto_capture_write(m, &it->cap) != 0)
            FZ_FAIL("write failed");
        fclose(m);
        grotto_capture_file again;
        if (grotto_capture_parse(buf, len, &again) != 0) { /* out of memory */
            free(buf);
            continue;
        }
        if (again.count != 1 || !again.items[0].ok)
            FZ_FAIL("the written record does not parse: %s\n%s", again.count ? again.items[0].reason : "", buf);
        grotto_capture a = it->cap, b = again.items[0].cap;
        a.line = b.line = 0;
        if (memcmp(&a, &b, sizeof a) != 0)
            FZ_FAIL("write/parse round trip changed the record:\n%s", buf);
        grotto_capture_file_free(&again);
        free(buf);
    }
    grotto_capture_file_free(&f);
    return 0;
}
