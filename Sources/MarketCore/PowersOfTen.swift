/// 10⁰ … 10³⁸ as unsigned 128-bit integers.
let powersOfTen: [UInt128] = {
    var table: [UInt128] = [1]
    for _ in 1...38 { table.append(table[table.count - 1] * 10) }
    return table
}()
