import Glibc
import MarketWire
import FuzzHarness

// The fuzz driver: libFuzzer (linked without its own `main`, see scripts/fuzz.sh) runs inputs
// through the whole path of the dialect named by `COINBOARD_FUZZ_TARGET`.

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzer(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
               _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The dialect this run fuzzes (`bithumb`, `bithumb-legacy`, `upbit` or `binance`).
let target: Dialect = {
    guard let name = getenv("COINBOARD_FUZZ_TARGET"), let dialect = Dialect(rawValue: String(cString: name)) else {
        let message = "coinboard-fuzz: set COINBOARD_FUZZ_TARGET to one of "
            + Dialect.allCases.map(\.rawValue).joined(separator: ", ") + "\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        exit(2)
    }
    return dialect
}()

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
_ = target
// One input through the whole path, drawn at one of the sizes and chart intervals (chosen by
// the input's length, so that every one is reached).
exit(runFuzzer(&argc, &argv) { data, size in
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    _ = FuzzHarness.run(bytes, dialect: target, size: FuzzHarness.sizes[size % FuzzHarness.sizes.count], variant: size / 3)
    return 0
})
