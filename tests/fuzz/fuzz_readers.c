/* fuzz_readers.c - libFuzzer target over every input parser: the graph readers (.gr, .mtx, .el,
 * .wel, .bcsr, .ss), the results CSV reader and the experiment file reader. The first byte of an
 * input picks the parser (and, in its high bits, the parallel readers' chunk size), the rest is
 * the file. A parser must accept or refuse every input with
 * an error naming the file: never crash, leak or read out of bounds (built with ASan + UBSan).
 * Built and run by `make fuzz` (clang); .ci/run runs it for a fixed short time per parser. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "experiment/config.h"
#include "graph/graph_io.h"
#include "output/csv.h"

static const char *const exts[] = {".gr", ".mtx", ".el", ".wel", ".bcsr", ".ss", ".csv", ".cfg"};
enum { NPARSERS = sizeof exts / sizeof exts[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    /* FUZZ_PARSER=k pins the parser (one fixed-time run per parser in CI) */
    const char *pin = getenv("FUZZ_PARSER");
    int k = pin ? atoi(pin) % NPARSERS : data[0] % NPARSERS;
    /* the high bits of the selector byte force the parallel text readers with tiny chunks
     * (GR_PARSE_CHUNK_BYTES = data[0] / 8 bytes; 0: the default path) */
    if (data[0] >> 3) {
        char chunk[8];
        snprintf(chunk, sizeof chunk, "%d", data[0] >> 3);
        setenv("GR_PARSE_CHUNK_BYTES", chunk, 1);
    } else {
        unsetenv("GR_PARSE_CHUNK_BYTES");
    }
    char path[128];
    snprintf(path, sizeof path, "/tmp/gr_fuzz_%d%s", (int)getpid(), exts[k]);
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data + 1, 1, size - 1, f);
    fclose(f);
    gr_err err;
    gr_graph g;
    switch (k) {
    case 0: if (!gr_read_dimacs_gr(path, &g, &err)) gr_graph_free(&g); break;
    case 1: if (!gr_read_mtx(path, &g, &err)) gr_graph_free(&g); break;
    case 2:
    case 3: if (!gr_read_edgelist(path, &g, &err)) gr_graph_free(&g); break;
    case 4: if (!gr_read_bcsr(path, &g, &err)) gr_graph_free(&g); break;
    case 5: {
        int32_t *src = NULL;
        int64_t n = 0;
        if (!gr_read_dimacs_ss(path, 1000, &src, &n, &err))
            free(src);
        break;
    }
    case 6: {
        gr_csv t;
        if (!gr_csv_read(path, &t, &err))
            gr_csv_free(&t);
        break;
    }
    case 7: {
        gr_config c;
        if (!gr_config_read(path, NULL, &c, &err))
            gr_config_free(&c);
        break;
    }
    }
    unlink(path);
    return 0;
}
