-- Driven by test_neovim.py: `nvim --headless --clean -u nvim_ts_test.lua`
-- with SS_NVIM_TEST_CONFIG naming a JSON file:
--   plugin_dir  editors/neovim (put on 'runtimepath')
--   rtp_dir     a folder that editors/neovim/install.sh filled with
--               parser/shapescript.so and queries/shapescript/*.scm
--   file        the .ss file to open
--   out         where to write the results (JSON)
-- Records whether the parser loads (and the error when it doesn't), then
-- every highlight capture in the file, from the installed highlights.scm.

local cfg = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('SS_NVIM_TEST_CONFIG')), '\n'))
local out = { errors = {} }

local function save()
  vim.fn.writefile({ vim.fn.json_encode(out) }, cfg.out)
end

vim.opt.runtimepath:prepend(cfg.plugin_dir)
vim.opt.runtimepath:prepend(cfg.rtp_dir)

local function run()
  local ok, err = pcall(vim.treesitter.require_language, 'shapescript', cfg.rtp_dir .. '/parser/shapescript.so')
  out.loaded = ok
  if not ok then
    out.load_error = tostring(err)
    return
  end

  vim.cmd('edit ' .. vim.fn.fnameescape(cfg.file))
  out.filetype = vim.bo.filetype

  -- The query Neovim finds on 'runtimepath': the copy install.sh made.
  out.query_files = vim.treesitter.query.get_query_files('shapescript', 'highlights')
  local query = vim.treesitter.query.get_query('shapescript', 'highlights')
  local parser = vim.treesitter.get_parser(0, 'shapescript')
  local root = parser:parse()[1]:root()
  out.has_error = root:has_error()

  out.captures = {}
  for id, node in query:iter_captures(root, 0, 0, -1) do
    local row, col, end_row, end_col = node:range()
    table.insert(out.captures, {
      name = query.captures[id],
      row = row,
      col = col,
      end_row = end_row,
      end_col = end_col,
      text = vim.treesitter.query.get_node_text(node, 0),
    })
  end

  -- The plugin's own switch: highlighting from the tree on 0.7.
  out.highlight_started = require('shapescript').highlight(0)
  out.highlighter_active = vim.treesitter.highlighter.active[vim.api.nvim_get_current_buf()] ~= nil
end

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  nested = true,
  callback = function()
    local ok, err = xpcall(run, debug.traceback)
    if not ok then
      table.insert(out.errors, tostring(err))
    end
    save()
    vim.cmd(ok and 'qall!' or 'cquit 3')
  end,
})
