-- init.lua of the Neovim that neovim.sh photographs. From the environment:
--   SS_SHOT_PLUGIN  editors/neovim
--   SS_SHOT_RTP     the folder install.sh filled (parser and queries)
--   SS_SHOT_LSP     the shapescript-lsp binary
--   SS_SHOT_READY   a file to create once the screen shows everything

vim.opt.runtimepath:prepend(os.getenv('SS_SHOT_PLUGIN'))
vim.opt.runtimepath:prepend(os.getenv('SS_SHOT_RTP'))
vim.o.background = 'dark'
vim.o.number = true
vim.o.signcolumn = 'yes'
vim.o.laststatus = 2
vim.o.shortmess = vim.o.shortmess .. 'F'
vim.cmd('highlight SignColumn ctermbg=NONE')
vim.cmd('highlight NormalFloat ctermbg=237 ctermfg=252')
vim.cmd('highlight FloatBorder ctermbg=237 ctermfg=245')
vim.diagnostic.config({ virtual_text = false })
vim.lsp.handlers['textDocument/hover'] = vim.lsp.with(vim.lsp.handlers.hover, { border = 'rounded' })

require('shapescript').setup({ cmd = { os.getenv('SS_SHOT_LSP'), '--stdio' }, treesitter = true })

-- Once the diagnostics are in: the diagnostic's float at its place, then the
-- cursor on `q` and its hover, then tell the script that the screen is ready.
-- (A float goes below its line when more of the window is there: 35 rows
-- keep the diagnostic's under line 17, clear of the hover.)
local timer = vim.loop.new_timer()
timer:start(200, 100, vim.schedule_wrap(function()
  local diagnostics = vim.diagnostic.get(0)
  if #diagnostics == 0 then
    return
  end
  timer:stop()
  local d = diagnostics[1]
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  vim.diagnostic.open_float({
    bufnr = 0,
    scope = 'cursor',
    border = 'rounded',
    close_events = {},
    header = '',
    format = function(x)
      return string.format('%s [%s]', x.message, x.code)
    end,
  })
  -- Neovim keeps one preview float per buffer: forget this one, so that the
  -- hover's doesn't close it.
  pcall(vim.api.nvim_buf_del_var, 0, 'lsp_floating_preview')
  vim.api.nvim_win_set_cursor(0, { 9, 4 })
  vim.lsp.buf.hover()
  vim.defer_fn(function()
    vim.fn.writefile({}, os.getenv('SS_SHOT_READY'))
  end, 800)
end))
